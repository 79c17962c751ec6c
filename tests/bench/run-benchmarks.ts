/**
 * `npm run bench -- [--only weight,...] [--size default|large] [--runs N] [--json FILE]`
 *
 * Our tracker, ingest, search and replay side by side with the peers, on this machine, in one
 * run: each section of `suite/sections.ts` in turn, its tables on stdout, progress on stderr,
 * everything measured in `.tmp/bench/bench-<timestamp>.json`. Figures only: nothing passes or
 * fails on time. Exit code 1 when a section could not run (the others still do), 2 on bad flags.
 */
import { join } from 'node:path';
import { runBenchCommand } from './suite/bench-command.js';
import { SECTIONS } from './suite/sections.js';

const REPO_ROOT = join(import.meta.dirname, '..', '..');
const DEFAULT_POSTGRES = 'postgresql://postgres@127.0.0.1:5432/postgres';

async function findPostgres(progress: (line: string) => void): Promise<string | null> {
  const url = process.env.BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES;
  // Loaded only when a section needs it: the ORM takes a while to import.
  const { isReachable } = await import('./postgres-admin.js');
  if (await isReachable(url)) return url;
  progress(`PostgreSQL does not answer at ${url} (set BENCH_POSTGRES_URL): the embedded database only`);
  return null;
}

runBenchCommand(process.argv.slice(2), {
  sections: SECTIONS,
  repoRoot: REPO_ROOT,
  workDir: join(REPO_ROOT, '.tmp', 'bench'),
  // npm and pnpm scripts run here in tests/; INIT_CWD is where the user typed the command.
  cwd: process.env.INIT_CWD ?? process.cwd(),
  findPostgres,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
