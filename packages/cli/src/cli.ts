// The command line's process wiring: what `bin/cassette.mjs` runs, and what the standalone
// build (`build.mjs` → `dist/cassette.mjs`, served by Cassette at `/cli/cassette.mjs`) bundles.
import { main } from './main.js';

process.exitCode = await main(process.argv.slice(2), {
  env: process.env,
  fetch: globalThis.fetch,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  cwd: process.cwd(),
});
