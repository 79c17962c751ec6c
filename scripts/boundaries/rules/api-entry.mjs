// A plugin's `api.ts` is what other plugins (their servers and their browser bundles) import:
// refs, events, slots, schemas and types. It may define values with the SDK's helpers and
// TypeBox, but it pulls in no other runtime code: no value imports from elsewhere, and no
// re-export of values (`export * from`, `export { x } from`); `export type … from` is fine.
import { serverPackage } from '../server-packages.mjs';
import { violation } from '../violation.mjs';

const RULE = 'api-entry';
const VALUE_IMPORTS_ALLOWED = new Set(['@cassette/plugin-sdk', '@sinclair/typebox']);

export function checkApiEntries(repo) {
  const found = [];
  for (const id of repo.pluginIds) {
    const api = repo.entryFile(id, 'api');
    if (!repo.isSource(api)) continue;
    for (const { specifier, line, kind, typeOnly, names } of repo.factsOf(api).references) {
      if (typeOnly) continue;
      const pulled = specifier.startsWith('.') ? pullsIn(repo, repo.resolveRelative(api, specifier)) : '';
      if (kind === 'export-star') {
        found.push(violation(repo, {
          rule: RULE, file: api, line, specifier,
          found: `has export * from "${specifier}"`,
          problem: `an api entry holds refs and types only, and export * re-exports every runtime value${pulled}`,
          fix: `Name the types with export type { … } from '${specifier}', and define refs and constants in api.ts itself`,
        }));
      } else if (kind === 'export') {
        found.push(violation(repo, {
          rule: RULE, file: api, line, specifier,
          found: `re-exports ${names.join(', ')} from "${specifier}"`,
          problem: `an api entry holds refs and types only, and this re-exports runtime values${pulled}`,
          fix: `Re-export types only (export type { … } from), and define refs and constants in api.ts itself`,
        }));
      } else if (!VALUE_IMPORTS_ALLOWED.has(specifier)) {
        found.push(violation(repo, {
          rule: RULE, file: api, line, specifier,
          problem: `an api entry imports values only from ${[...VALUE_IMPORTS_ALLOWED].join(' and ')}${pulled}`,
          fix: 'Use "import type", or define the value in api.ts with the SDK helpers',
        }));
      }
    }
  }
  return found;
}

/** What a re-exported file drags along at run time, following its own imports and re-exports. */
function pullsIn(repo, start) {
  if (!repo.isSource(start)) return '';
  const files = new Set([start]);
  const server = new Set();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    if (repo.placeOf(file)?.side === 'server') server.add(repo.rel(file));
    for (const { specifier, typeOnly } of repo.factsOf(file).references) {
      if (typeOnly) continue;
      if (!specifier.startsWith('.')) {
        if (serverPackage(specifier)) server.add(`"${specifier}"`);
        continue;
      }
      const target = repo.resolveRelative(file, specifier);
      if (!repo.isSource(target) || files.has(target)) continue;
      files.add(target);
      queue.push(target);
    }
  }
  const count = `${files.size} file${files.size === 1 ? '' : 's'}`;
  return server.size > 0 ? ` (it pulls in ${count}, server code among them: ${[...server].join(', ')})` : ` (it pulls in ${count})`;
}
