/**
 * `npm run bench:funnel -- [--sessions 20000] [--db pglite|postgres|both] [--runs 10] [--seed 1] [--reuse]`
 *
 * Funnel latency on generated sessions: the analytics query service's funnel questions
 * (funnel/typical-funnels.ts) asked of the real kernel's `sessions.analytics` service, on the
 * search benchmark's databases (the same generator, size and seed: `--reuse` takes what
 * `npm run bench:search` left). Figures only: nothing passes or fails on time.
 */
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sessionsServices } from '@cassette/plugin-sessions/api';
import { ENGINE_LABEL, databaseFacts, openBenchDatabase, type Engine } from './bench-database.js';
import { typicalFunnelQuestions } from './funnel/typical-funnels.js';
import { formatTable, percentile } from './latency.js';
import { isReachable } from './postgres-admin.js';
import { integerOption, UsageError } from './suite/command-line.js';

const WORK_DIR = join(import.meta.dirname, '..', '..', '.tmp', 'bench');
const DEFAULT_POSTGRES = 'postgresql://postgres@127.0.0.1:5432/postgres';
/** The owner's view: an admin reads every key. */
const OWNER = { reader: { admin: true, permissions: new Set<never>() } };

const USAGE = `usage: npm run bench:funnel -- [--sessions N] [--db pglite|postgres|both] [--runs R] [--warmup W] [--seed S] [--reuse] [--postgres-url URL]
  --sessions   sessions to generate (default 20000)
  --db         which database(s) (default both when PostgreSQL answers, else pglite)
  --runs       timed repetitions of each question (default 10)
  --warmup     untimed runs first (default 2)
  --seed       generator seed (default 1)
  --reuse      keep the data an earlier run (bench:search or this one) generated with the same size and seed
  --postgres-url  maintenance database of the server (default $BENCH_POSTGRES_URL or ${DEFAULT_POSTGRES})`;

function readOptions() {
  let values;
  try {
    ({ values } = parseArgs({
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
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const db = values.db ?? 'auto';
  if (!['pglite', 'postgres', 'both', 'auto'].includes(db)) throw new UsageError(`--db must be pglite, postgres or both, not "${db}"`);
  return {
    sessions: integerOption('sessions', values.sessions, 20_000, 1, 20_000_000),
    engines: db === 'auto' ? ('auto' as const) : db === 'both' ? (['postgres', 'pglite'] as Engine[]) : [db as Engine],
    runs: integerOption('runs', values.runs, 10, 1, 10_000),
    warmup: integerOption('warmup', values.warmup, 2, 0, 1000),
    seed: integerOption('seed', values.seed, 1, 1, 1_000_000),
    reuse: values.reuse,
    postgresUrl: values['postgres-url'] ?? process.env.BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES,
  };
}

type Options = ReturnType<typeof readOptions>;

async function benchmark(engine: Engine, options: Options, now: number): Promise<void> {
  console.log(`\n== ${ENGINE_LABEL[engine]}: ${options.sessions.toLocaleString('en-US')} sessions ==`);
  const db = await openBenchDatabase(engine, { sessions: options.sessions, seed: options.seed, reuse: options.reuse, now, workDir: WORK_DIR, postgresAdminUrl: options.postgresUrl });
  try {
    const facts = await databaseFacts(db);
    const { generation } = db.manifest;
    console.log(`${facts.version}: ${generation.sessions.toLocaleString('en-US')} sessions, ${generation.events.toLocaleString('en-US')} events; ${db.generated ? 'generated' : 'reused'}`);
    const service = db.kernel.kernel.resolve(sessionsServices.analytics);
    const rows: (string | number)[][] = [];
    // The window of the data, not of this run: reused data keeps its dates.
    for (const question of typicalFunnelQuestions(db.manifest.projectId, generation.window.to)) {
      for (let i = 0; i < options.warmup; i++) await question.ask(service, OWNER);
      const samples: number[] = [];
      for (let i = 0; i < options.runs; i++) {
        const started = performance.now();
        await question.ask(service, OWNER);
        samples.push(performance.now() - started);
      }
      rows.push([question.name, Math.round(percentile(samples, 50)), Math.round(percentile(samples, 95))]);
    }
    console.log(formatTable(['question', 'p50 ms', 'p95 ms'], rows));
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const options = readOptions();
  let engines = options.engines;
  if (engines === 'auto') engines = (await isReachable(options.postgresUrl)) ? ['postgres', 'pglite'] : ['pglite'];
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  for (const engine of engines) await benchmark(engine, options, now);
}

main().catch((error: unknown) => {
  console.error(error instanceof UsageError ? error.message : error);
  process.exitCode = 1;
});
