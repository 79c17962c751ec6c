// One plugin layout (sdk/plugin/README.md "Layout"): at a plugin's root only the entries
// (server.ts, ui.tsx, api.ts) and their tests; every other source file lives in server/, ui/,
// shared/ or testing/, so which side a file is on is read off its path, and the browser-server
// rule can tell server code from browser code. A plugin that ships something else (the demo
// shop's website) names those folders or files in its package.json under
// `cassette.layoutExceptions`, with the reason.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { violation } from '../violation.mjs';

const RULE = 'plugin-layout';
const ROOT_SOURCE = /^(server|ui|api)(\.test)?\.(ts|tsx)$/;
const FOLDERS = new Set(['server', 'ui', 'shared', 'testing']);
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

export function checkPluginLayout(repo) {
  const found = [];
  for (const id of repo.pluginIds) {
    const dir = repo.pluginDir(id);
    const exceptions = new Set(repo.manifests.get(id)?.cassette?.layoutExceptions ?? []);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.') || exceptions.has(entry.name)) continue;
      if (entry.isDirectory()) {
        if (FOLDERS.has(entry.name)) continue;
        const sources = repo.pluginSourceFiles(id, entry.name);
        if (sources.length === 0) continue;
        found.push(
          violation(repo, {
            rule: RULE,
            file: sources[0],
            line: 1,
            specifier: `${entry.name}/`,
            found: `is in folder "${entry.name}/"`,
            problem: `a plugin's code lives in server/, ui/, shared/ or testing/`,
            fix: `Move it by side (server code to server/, browser code to ui/, what both use to shared/, test kits to testing/), or list "${entry.name}" in package.json cassette.layoutExceptions if it is not the plugin's code`,
          }),
        );
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') && !ROOT_SOURCE.test(entry.name)) {
        found.push(
          violation(repo, {
            rule: RULE,
            file: join(dir, entry.name),
            line: 1,
            specifier: entry.name,
            found: 'sits at the plugin root',
            problem: 'only the entries (server.ts, ui.tsx, api.ts) and their tests sit at a plugin root',
            fix: 'Move it to server/, ui/, shared/ or testing/ by the side that uses it',
          }),
        );
      }
    }
  }
  return found;
}
