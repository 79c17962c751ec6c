// Each plugin owns its tables, named `<pluginId>_…` (ARCHITECTURE §1: no joins or foreign keys
// across plugins). Read from the SQL in the plugin's string and template literals: a table name
// is only taken where SQL puts one (after from, join, into, update, table, references), so
// prose that happens to contain a plugin id is left alone. Test code may set up any table.
import { violation } from '../violation.mjs';

const RULE = 'table-ownership';
const NAME = String.raw`((?:"?[A-Za-z_][\w$]*"?\.)?"?[A-Za-z_][\w$]*"?)`;
const TABLE_USE = new RegExp(String.raw`\b(?:from|join|into|update|table|references)\s+(?:only\s+)?(?:if\s+(?:not\s+)?exists\s+)?${NAME}`, 'gi');
const TABLE_DEFINITION = [
  new RegExp(String.raw`\b(?:create|alter|drop)\s+(?:(?:global|local)\s+)?(?:(?:temp|temporary|unlogged)\s+)?table\s+(?:if\s+(?:not\s+)?exists\s+)?(?:only\s+)?${NAME}`, 'gi'),
  new RegExp(String.raw`\bcreate\s+(?:unique\s+)?index\s+(?:concurrently\s+)?(?:if\s+not\s+exists\s+)?(?:"?\w+"?\s+)?on\s+(?:only\s+)?${NAME}`, 'gi'),
];

/** `public."sessions_x"` → `sessions_x` */
function tableName(written) {
  return written.replace(/"/g, '').split('.').pop().toLowerCase();
}

export function checkTableOwnership(repo) {
  const found = [];
  const prefixes = repo.pluginIds.map((id) => ({ id, prefix: `${id.toLowerCase()}_` }));
  for (const id of repo.pluginIds) {
    const ownPrefix = `${id.toLowerCase()}_`;
    const ownerOf = (table) => (table.startsWith(ownPrefix) ? id : prefixes.find(({ prefix }) => table.startsWith(prefix))?.id);
    for (const file of repo.pluginSourceFiles(id)) {
      if (repo.isTestCode(file)) continue;
      const reported = new Set();
      const report = (line, table, problem, fix) => {
        if (reported.has(`${line}:${table}`)) return;
        reported.add(`${line}:${table}`);
        found.push(violation(repo, { rule: RULE, file, line, specifier: table, found: `has SQL naming table "${table}"`, problem, fix }));
      };
      for (const literal of repo.factsOf(file).literals) {
        const lineAt = (index) => literal.line + (literal.text.slice(0, index).match(/\n/g)?.length ?? 0);
        for (const match of literal.text.matchAll(TABLE_USE)) {
          const table = tableName(match[1]);
          const owner = ownerOf(table);
          if (owner && owner !== id) {
            report(lineAt(match.index), table, `that table belongs to plugin "${owner}", and a plugin's SQL touches only its own tables (${ownPrefix}*)`, `Ask "${owner}" through a service ref in its api.ts, or keep the ids you need from its events`);
          }
        }
        for (const pattern of TABLE_DEFINITION) {
          for (const match of literal.text.matchAll(pattern)) {
            const table = tableName(match[1]);
            if (table.startsWith(ownPrefix)) continue;
            const owner = ownerOf(table);
            const fix = owner ? `Leave "${owner}"'s tables to "${owner}"` : `Name it ${ownPrefix}${table}`;
            report(lineAt(match.index), table, `plugin "${id}" creates, alters or drops only its own tables, named ${ownPrefix}*`, fix);
          }
        }
      }
    }
  }
  return found;
}
