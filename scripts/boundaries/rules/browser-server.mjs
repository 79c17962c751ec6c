// Server code never reaches the browser bundle (ARCHITECTURE §1), and the plugin layout keeps
// its sides apart: `ui/` and `ui.tsx` never import `server/` or `server.ts`, server code never
// imports `ui/`, and `shared/` (loaded by both) imports neither.
//
// Two checks, because the bundle is more than the ui/ folder: everything the browser entries
// reach through runtime imports (followed file to file) must be free of server files and
// server-only packages; and, by folder, no side imports another even for a type.
import { serverPackage } from '../server-packages.mjs';
import { violation } from '../violation.mjs';

export function checkBrowserServer(repo) {
  const found = [];
  const seen = new Set();
  const report = (v) => {
    const key = `${v.file}:${v.line}:${v.specifier}`;
    if (seen.has(key)) return;
    seen.add(key);
    found.push(v);
  };
  const pluginFiles = repo.pluginSourceFiles();

  // 1. What the browser entries pull in at run time.
  const reachedFrom = new Map();
  const queue = [];
  for (const file of pluginFiles) {
    if (repo.placeOf(file)?.side !== 'ui' || repo.isTestCode(file)) continue;
    reachedFrom.set(file, null);
    queue.push(file);
  }
  const chainTo = (file) => {
    const chain = [];
    for (let at = file; at; at = reachedFrom.get(at)) chain.unshift(repo.rel(at));
    return chain;
  };
  const reached = (file) => {
    const chain = chainTo(file);
    return chain.length > 1 ? `, and the browser bundle reaches this file (${chain.join(' → ')})` : '';
  };
  while (queue.length > 0) {
    const file = queue.shift();
    const plugin = repo.placeOf(file)?.plugin;
    for (const { specifier, line, typeOnly } of repo.factsOf(file).references) {
      if (typeOnly) continue;
      if (specifier.startsWith('.')) {
        const target = repo.resolveRelative(file, specifier);
        if (repo.placeOf(target)?.side === 'server') {
          report(violation(repo, {
            rule: 'browser-server', file, line, specifier,
            problem: `${repo.rel(target)} is server code${reached(file)}`,
            fix: `Move what the browser needs to plugins/${plugin}/shared/ (or ask a route for it), so server code stays out of the browser bundle`,
          }));
        } else if (repo.inPlugins(target) && repo.isSource(target) && !reachedFrom.has(target)) {
          reachedFrom.set(target, file);
          queue.push(target);
        }
        continue;
      }
      const why = serverPackage(specifier);
      if (why) {
        report(violation(repo, {
          rule: 'browser-server', file, line, specifier,
          problem: `"${specifier}" is ${why} and cannot run in the browser${reached(file)}`,
          fix: `Move this code to plugins/${plugin}/server/ and reach it through a route; browser code may only "import type" from it`,
        }));
      }
    }
  }

  // 2. The sides of the layout, by folder, types included.
  for (const file of pluginFiles) {
    const place = repo.placeOf(file);
    if (!place || repo.isTestCode(file) || !['ui', 'server', 'shared'].includes(place.side)) continue;
    const shared = `plugins/${place.plugin}/shared`;
    for (const { specifier, line, typeOnly } of repo.factsOf(file).references) {
      if (!specifier.startsWith('.')) {
        const why = place.side === 'shared' && !typeOnly && serverPackage(specifier);
        if (why) {
          report(violation(repo, {
            rule: 'shared-sides', file, line, specifier,
            problem: `shared/ is loaded by the browser too, and "${specifier}" is ${why}`,
            fix: `Move this file to plugins/${place.plugin}/server/, or keep only browser-safe code in shared/`,
          }));
        }
        continue;
      }
      const target = repo.resolveRelative(file, specifier);
      const side = repo.placeOf(target)?.side;
      if (place.side === 'ui' && side === 'server') {
        report(violation(repo, {
          rule: 'browser-server', file, line, specifier,
          problem: `browser code imports server code (${repo.rel(target)})${typeOnly ? ', even if only a type' : ''}`,
          fix: `Move what both sides need to ${shared}/`,
        }));
      } else if (place.side === 'server' && side === 'ui') {
        report(violation(repo, {
          rule: 'server-ui', file, line, specifier,
          problem: `server code imports UI code (${repo.rel(target)})`,
          fix: `Move what both sides need to ${shared}/`,
        }));
      } else if (place.side === 'shared' && (side === 'server' || side === 'ui')) {
        report(violation(repo, {
          rule: 'shared-sides', file, line, specifier,
          problem: `shared/ is used by both sides, so it imports neither server/ nor ui/ (${repo.rel(target)})`,
          fix: `Move the code it needs into ${shared}/ as well, or move this file to the one side that uses it`,
        }));
      }
    }
  }
  return found;
}
