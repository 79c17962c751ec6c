/**
 * `npm run bench:search -- [--sessions 20000] [--db pglite|postgres|both] [--runs 30] [--seed 1] [--reuse]`
 *
 * Generates N realistic sessions in a project on PGlite and / or PostgreSQL, then times a fixed
 * set of typical searches through the real route (`POST /api/{projectId}/sessions/search2`,
 * `app.inject` with a real token) and prints p50 / p95 per search. It prints figures only:
 * nothing here passes or fails on time. Results also go to `.tmp/bench/search-<db>-<n>.json`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ENGINE_LABEL, databaseFacts, openBenchDatabase, type BenchDatabase, type Engine } from './bench-database.js';
import { formatTable } from './latency.js';
import { isReachable } from './postgres-admin.js';
import { timeSearch, type SearchFigures } from './search/time-search.js';
import { integerOption, UsageError } from './suite/command-line.js';
import { typicalSearches } from './typical-searches.js';

const REPO_ROOT = join(import.meta.dirname, '..', '..');
const WORK_DIR = join(REPO_ROOT, '.tmp', 'bench');
const DEFAULT_POSTGRES = 'postgresql://postgres@127.0.0.1:5432/postgres';

const USAGE = `usage: npm run bench:search -- [--sessions N] [--db pglite|postgres|both] [--runs R] [--warmup W] [--seed S] [--reuse] [--postgres-url URL]
  --sessions   sessions to generate (default 20000)
  --db         which database(s) (default both when PostgreSQL answers, else pglite)
  --runs       timed repetitions of each search (default 30)
  --warmup     untimed runs of each search first, the first also checks the answer (default 3)
  --seed       generator seed (default 1)
  --reuse      keep the data an earlier run generated with the same size and seed
  --postgres-url  maintenance database of the server (default $BENCH_POSTGRES_URL or ${DEFAULT_POSTGRES});
               the benchmark creates and drops its own database cassette_bench_<sessions> there`;

interface Options {
  sessions: number;
  engines: Engine[] | 'auto';
  runs: number;
  warmup: number;
  seed: number;
  reuse: boolean;
  postgresUrl: string;
}

function readOptions(): Options {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        sessions: { type: 'string' },
        db: { type: 'string' },
        runs: { type: 'string' },
        warmup: { type: 'string' },
        seed: { type: 'string' },
        reuse: { type: 'boolean', default: false },
        'postgres-url': { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const { values } = parsed;
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const db = values.db ?? 'auto';
  if (!['pglite', 'postgres', 'both', 'auto'].includes(db)) throw new UsageError(`--db must be pglite, postgres or both, not "${db}"`);
  return {
    sessions: integerOption('sessions', values.sessions, 20_000, 1, 20_000_000),
    engines: db === 'auto' ? 'auto' : db === 'both' ? ['postgres', 'pglite'] : [db as Engine],
    runs: integerOption('runs', values.runs, 30, 1, 10_000),
    warmup: integerOption('warmup', values.warmup, 3, 0, 1000),
    seed: integerOption('seed', values.seed, 1, 1, 1_000_000),
    reuse: values.reuse,
    postgresUrl: values['postgres-url'] ?? process.env.BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** `.tmp/bench/search-<db>-<n>.json`: the figures with what they were measured on. */
function writeResults(db: BenchDatabase, facts: Awaited<ReturnType<typeof databaseFacts>>, options: Options, searches: SearchFigures[]): string {
  mkdirSync(WORK_DIR, { recursive: true });
  const file = join(WORK_DIR, `search-${db.engine}-${options.sessions}.json`);
  const { runs, warmup, seed, sessions } = options;
  const result = {
    engine: db.engine,
    database: facts.version,
    measuredAt: new Date().toISOString(),
    sessions,
    seed,
    runs,
    warmup,
    generated: db.generated,
    generation: db.manifest.generation,
    databaseBytes: facts.bytes,
    sessionsTablesBytes: facts.sessionsBytes,
    searches,
  };
  writeFileSync(file, JSON.stringify(result, null, 2));
  return file;
}

async function benchmark(engine: Engine, options: Options, now: number): Promise<void> {
  const label = ENGINE_LABEL[engine];
  console.log(`\n== ${label}: ${options.sessions.toLocaleString('en-US')} sessions ==`);
  let lastPrint = 0;
  const db = await openBenchDatabase(engine, {
    sessions: options.sessions,
    seed: options.seed,
    reuse: options.reuse,
    now,
    workDir: WORK_DIR,
    postgresAdminUrl: options.postgresUrl,
    onProgress: (p) => {
      if (p.step === 'sessions' && Date.now() - lastPrint < 5000) return;
      lastPrint = Date.now();
      const what = p.step !== 'sessions' && p.step !== 'done' ? p.step : `${p.sessionsDone.toLocaleString('en-US')} / ${p.sessionsTotal.toLocaleString('en-US')} sessions`;
      console.log(`  generating: ${what} (${seconds(p.elapsedMs)})`);
    },
  });
  try {
    const generation = db.manifest.generation;
    const facts = await databaseFacts(db);
    console.log(
      `${engine === 'pglite' ? `PGlite (${facts.version})` : facts.version}: ${generation.sessions.toLocaleString('en-US')} sessions, ${generation.events.toLocaleString('en-US')} events, ` +
        `${generation.issues.toLocaleString('en-US')} issues; ${db.generated ? 'generated' : 'reused data generated'} in ${seconds(generation.elapsedMs)}; ` +
        `database ${megabytes(facts.bytes)} (sessions tables ${megabytes(facts.sessionsBytes)})`,
    );
    console.log(`each search: ${options.warmup} warm-up, ${options.runs} timed runs, through POST /api/{projectId}/sessions/search2\n`);
    const results: SearchFigures[] = [];
    for (const search of typicalSearches(generation.window.to)) {
      const figures = await timeSearch(db, search, options);
      results.push(figures);
      if (figures.error) console.log(`  ${search.name}: ${figures.status} ${figures.error}`);
    }
    console.log(
      formatTable(
        ['search', 'rows total', 'p50 ms', 'p95 ms'],
        results.map((r) => [r.name, r.total ?? `HTTP ${r.status}`, r.p50 ?? '-', r.p95 ?? '-']),
      ),
    );
    const file = writeResults(db, facts, options, results);
    console.log(`\nwritten to ${file}`);
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const options = readOptions();
  let engines = options.engines;
  if (engines === 'auto') {
    const reachable = await isReachable(options.postgresUrl);
    if (!reachable) console.log(`PostgreSQL does not answer at ${options.postgresUrl}: measuring PGlite only (pass --postgres-url or set BENCH_POSTGRES_URL).`);
    engines = reachable ? ['postgres', 'pglite'] : ['pglite'];
  }
  // One window end for the whole run: every database gets the same sessions.
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  for (const engine of engines) await benchmark(engine, options, now);
}

main().catch((error: unknown) => {
  console.error(error instanceof UsageError ? error.message : error);
  process.exitCode = 1;
});
