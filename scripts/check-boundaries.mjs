// `npm run boundaries`: fails when a plugin reaches past the SDK or another plugin's api entry.
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBoundaries } from './boundaries.mjs';

const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..');
const violations = checkBoundaries(root);
if (violations.length === 0) {
  console.log('boundaries: every plugin imports only the SDK, its own files, packages and other plugins\' api entries');
} else {
  for (const v of violations) console.error(`${v.file}: imports "${v.specifier}" — ${v.rule}`);
  console.error(`boundaries: ${violations.length} violation(s)`);
  process.exitCode = 1;
}
