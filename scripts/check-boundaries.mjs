// `npm run boundaries`: fails when code crosses a boundary: a plugin past the SDK or another
// plugin's api entry, server code into the browser, the host UI past the SDK's UI entry, an api
// entry carrying runtime code, or SQL on another plugin's tables.
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBoundaries } from './boundaries.mjs';

const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..');
const violations = checkBoundaries(root);
if (violations.length === 0) {
  console.log('boundaries: plugins import only the SDK, their own files, packages and other plugins\' api entries; no server code reaches the browser; the host UI uses only the SDK\'s UI entry; api entries carry no runtime code; each plugin\'s SQL touches only its own tables');
} else {
  for (const v of violations) console.error(v.message);
  console.error(`boundaries: ${violations.length} violation(s)`);
  process.exitCode = 1;
}
