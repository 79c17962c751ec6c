/**
 * `npm run bench:errors -- [options]` (see USAGE): error tracking at size.
 *
 * 1. Source maps: a big esbuild bundle's map validated and uploaded (route and CLI), stacks in
 *    it resolved with the decoded-map cache cold and warm, and the memory a decoded map takes.
 * 2. The errors list and detail: a project with many error groups and a skewed mass of
 *    occurrences on PGlite and / or PostgreSQL, and the errors pages' requests timed.
 *
 * It prints figures only: nothing here passes or fails on time. Results also go to
 * `.tmp/bench/errors-sourcemaps-<modules>.json` and `.tmp/bench/errors-results-<db>-<groups>-<occurrences>.json` (the data's own manifest is `errors-<db>-<groups>-<occurrences>.json`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ENGINE_LABEL, type Engine } from './bench-database.js';
import { sampleGroups, timeRequest, typicalErrorsRequests, type RequestFigures } from './errors-api-measure.js';
import { errorsDatabaseFacts, openErrorsBenchDatabase } from './errors-database.js';
import { formatTable } from './latency.js';
import { isReachable } from './postgres-admin.js';
import { integerOption, UsageError } from './suite/command-line.js';
import { measureSourceMaps, type SourceMapFigures, type Timing } from './sourcemaps-measure.js';

const REPO_ROOT = join(import.meta.dirname, '..', '..');
const WORK_DIR = join(REPO_ROOT, '.tmp', 'bench');
const DEFAULT_POSTGRES = 'postgresql://postgres@127.0.0.1:5432/postgres';
const PARTS = ['sourcemaps', 'list'] as const;
type Part = (typeof PARTS)[number];

const USAGE = `usage: npm run bench:errors -- [options]

Source maps (part "sourcemaps"):
  --modules N        generated modules in the bundle (default 2000: a map of about 18 MB)
  --functions N      helper functions per module (default 6)
  --frames N         frames of the stack resolved cold and warm (default 20)
  --stacks N         different stacks resolved once each, warm (default 50)
  --cold-runs N      resolves with the map read and decoded each time (default 5)
  --warm-runs N      resolves with the map in memory (default 30)
  --upload-runs N    uploads through the route, and through the CLI (default 3)
  --no-cli           skip the upload through the CLI

Errors list and detail (part "list"):
  --groups N         error groups to generate (default 2000)
  --occurrences N    occurrences in all, Zipf-skewed over the groups (default 200000)
  --db pglite|postgres|both
                     which database(s) (default both when PostgreSQL answers, else pglite)
  --runs N           timed repetitions of each request (default 15)
  --warmup N         untimed runs of each request first (default 2)
  --seed N           generator seed (default 1)
  --reuse            keep the data an earlier run generated with the same sizes and seed
  --postgres-url URL maintenance database of the server (default $BENCH_POSTGRES_URL or ${DEFAULT_POSTGRES});
                     the benchmark creates and drops its own database cassette_bench_errors_<groups>_<occurrences> there

  --only sourcemaps|list   run one part (default both)
  -h, --help               show this text`;

interface Options {
  parts: Part[];
  modules: number;
  functions: number;
  frames: number;
  stacks: number;
  coldRuns: number;
  warmRuns: number;
  uploadRuns: number;
  cli: boolean;
  groups: number;
  occurrences: number;
  engines: Engine[] | 'auto';
  runs: number;
  warmup: number;
  seed: number;
  reuse: boolean;
  postgresUrl: string;
}

function readOptions(argv: string[]): Options | 'help' {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        modules: { type: 'string' },
        functions: { type: 'string' },
        frames: { type: 'string' },
        stacks: { type: 'string' },
        'cold-runs': { type: 'string' },
        'warm-runs': { type: 'string' },
        'upload-runs': { type: 'string' },
        'no-cli': { type: 'boolean', default: false },
        groups: { type: 'string' },
        occurrences: { type: 'string' },
        db: { type: 'string' },
        runs: { type: 'string' },
        warmup: { type: 'string' },
        seed: { type: 'string' },
        reuse: { type: 'boolean', default: false },
        'postgres-url': { type: 'string' },
        only: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) return 'help';
  const db = values.db ?? 'auto';
  if (!['pglite', 'postgres', 'both', 'auto'].includes(db)) throw new UsageError(`--db must be pglite, postgres or both, not "${db}"`);
  if (values.only !== undefined && !(PARTS as readonly string[]).includes(values.only)) throw new UsageError(`--only must be ${PARTS.join(' or ')}, not "${values.only}"`);
  const groups = integerOption('groups', values.groups, 2_000, 1, 1_000_000);
  const occurrences = integerOption('occurrences', values.occurrences, 200_000, 1, 50_000_000);
  if (occurrences < groups) throw new UsageError(`--occurrences (${occurrences}) must be at least --groups (${groups}): every group has an occurrence`);
  return {
    parts: values.only ? [values.only as Part] : [...PARTS],
    modules: integerOption('modules', values.modules, 2_000, 2, 50_000),
    functions: integerOption('functions', values.functions, 6, 1, 100),
    frames: integerOption('frames', values.frames, 20, 2, 100),
    stacks: integerOption('stacks', values.stacks, 50, 1, 10_000),
    coldRuns: integerOption('cold-runs', values['cold-runs'], 5, 1, 1_000),
    warmRuns: integerOption('warm-runs', values['warm-runs'], 30, 1, 100_000),
    uploadRuns: integerOption('upload-runs', values['upload-runs'], 3, 1, 1_000),
    cli: !values['no-cli'],
    groups,
    occurrences,
    engines: db === 'auto' ? 'auto' : db === 'both' ? ['postgres', 'pglite'] : [db as Engine],
    runs: integerOption('runs', values.runs, 15, 1, 10_000),
    warmup: integerOption('warmup', values.warmup, 2, 0, 1_000),
    seed: integerOption('seed', values.seed, 1, 0, 1_000_000),
    reuse: values.reuse,
    postgresUrl: values['postgres-url'] ?? process.env.BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const count = (n: number) => n.toLocaleString('en-US');

function writeResult(name: string, result: unknown): string {
  mkdirSync(WORK_DIR, { recursive: true });
  const file = join(WORK_DIR, name);
  writeFileSync(file, JSON.stringify({ measuredAt: new Date().toISOString(), ...(result as object) }, null, 2));
  return file;
}

function printSourceMaps(f: SourceMapFigures): void {
  const { bundle, memory } = f;
  console.log(
    `\nbundle: ${count(bundle.modules)} modules × ${bundle.functionsPerModule} helpers, ${count(bundle.sources)} sources, ${megabytes(bundle.sourceBytes)} of TypeScript → ` +
      `app.min.js ${megabytes(bundle.jsBytes)}, map ${megabytes(bundle.mapBytes)} (${count(bundle.mapBytes)} bytes; built in ${seconds(bundle.buildMs)})\n`,
  );
  const row = (what: string, t: Timing, note: string) => [what, t.runs, t.p50, t.p95, note];
  const rows = [
    row('validate (validateSourceMap)', f.validate, 'parse, check fields, paths and every mapping'),
    row('upload: POST /api/sourcemaps', f.upload, 'validate + blob + row, API key'),
    ...(f.cliUpload ? [row('upload: cassette sourcemaps upload', f.cliUpload, 'the CLI over HTTP to a local port')] : []),
    row(`resolve ${f.cold.frames} frames, cold`, f.cold, `${f.cold.readsPerResolve} read + decode per resolve; ${f.cold.framesMapped}/${f.cold.frames} frames mapped`),
    row(`resolve ${f.cold.frames} frames, warm`, f.warm, `${f.warm.reads} reads in ${f.warm.runs} resolves`),
    row(`${f.differentStacks.stacks} different stacks, warm`, f.differentStacks, `${f.differentStacks.reads} reads; ${count(f.differentStacks.framesMapped)}/${count(f.differentStacks.frames)} frames mapped`),
  ];
  console.log(formatTable(['source maps (GET /errors/{id}/sourcemaps)', 'runs', 'p50 ms', 'p95 ms', 'note'], rows));
  console.log(
    `\nmemory: heap used ${megabytes(memory.heapBeforeBytes)} before the cold resolve, ${megabytes(memory.heapAfterBytes)} after: the decoded map holds ` +
      `${megabytes(memory.decodedHeapBytes)} (${(memory.decodedHeapBytes / bundle.mapBytes).toFixed(1)} × the map's bytes; the cache counts ${megabytes(memory.cacheEstimateBytes)}); ` +
      `rss ${memory.rssDeltaBytes >= 0 ? '+' : ''}${megabytes(memory.rssDeltaBytes)}${memory.gcExposed ? '' : ' (no forced GC: figures are rough)'}`,
  );
  console.log(`cache: ${f.cacheStats.loads} reads from the blob store, ${count(f.cacheStats.hits)} answers from memory, ${f.cacheStats.entries} entry`);
}

async function sourceMapsPart(options: Options): Promise<void> {
  console.log('\n== Source maps ==');
  const figures = await measureSourceMaps({
    modules: options.modules,
    functionsPerModule: options.functions,
    frames: options.frames,
    stacks: options.stacks,
    coldRuns: options.coldRuns,
    warmRuns: options.warmRuns,
    uploadRuns: options.uploadRuns,
    cli: options.cli,
    log: (line) => console.log(`  ${line}`),
  });
  printSourceMaps(figures);
  console.log(`\nwritten to ${writeResult(`errors-sourcemaps-${options.modules}.json`, figures)}`);
}

async function listPart(engine: Engine, options: Options, now: number): Promise<void> {
  console.log(`\n== Errors list and detail, ${ENGINE_LABEL[engine]}: ${count(options.groups)} groups, ${count(options.occurrences)} occurrences ==`);
  let lastPrint = 0;
  const db = await openErrorsBenchDatabase(engine, {
    groups: options.groups,
    occurrences: options.occurrences,
    seed: options.seed,
    reuse: options.reuse,
    now,
    workDir: WORK_DIR,
    postgresAdminUrl: options.postgresUrl,
    onProgress: (step, elapsedMs) => {
      if (step.startsWith('occurrences') && Date.now() - lastPrint < 5000) return;
      lastPrint = Date.now();
      console.log(`  generating: ${step} (${seconds(elapsedMs)})`);
    },
  });
  try {
    const g = db.manifest.generation;
    const facts = await errorsDatabaseFacts(db);
    console.log(
      `${engine === 'pglite' ? `PGlite (${facts.version})` : facts.version}: ${count(g.groups)} groups (${count(g.mergedGroups)} merged), ${count(g.occurrences)} occurrences ` +
        `in ${count(g.sessions)} sessions of ${count(g.users)} users; ${db.generated ? 'generated' : 'reused data generated'} in ${seconds(g.elapsedMs)}; ` +
        `database ${megabytes(facts.bytes)} (errors tables ${megabytes(facts.errorsBytes)}, of which occurrences ${megabytes(facts.occurrencesBytes)})`,
    );
    const groups = await sampleGroups(db);
    console.log(`each request: ${options.warmup} warm-up, ${options.runs} timed runs, under /api/{projectId}, with an admin's token\n`);
    const results: RequestFigures[] = [];
    for (const request of typicalErrorsRequests(groups, g.window.to)) {
      const figures = await timeRequest(db, request, options.runs, options.warmup);
      results.push(figures);
      if (figures.error) console.log(`  ${request.name}: ${figures.status} ${figures.error}`);
    }
    console.log(
      formatTable(
        ['request', 'rows', 'p50 ms', 'p95 ms'],
        results.map((r) => [`${r.method} ${r.name}`, r.rows ?? (r.status === 200 ? '-' : `HTTP ${r.status}`), r.p50 ?? '-', r.p95 ?? '-']),
      ),
    );
    const file = writeResult(`errors-results-${engine}-${options.groups}-${options.occurrences}.json`, {
      engine,
      database: facts.version,
      groups: options.groups,
      occurrences: options.occurrences,
      seed: options.seed,
      runs: options.runs,
      warmup: options.warmup,
      generated: db.generated,
      generation: g,
      databaseBytes: facts.bytes,
      errorsTablesBytes: facts.errorsBytes,
      occurrencesBytes: facts.occurrencesBytes,
      sampleGroups: groups,
      requests: results,
    });
    console.log(`\nwritten to ${file}`);
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  let options: Options | 'help';
  try {
    options = readOptions(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (options === 'help') {
    console.log(USAGE);
    return;
  }
  if (options.parts.includes('sourcemaps')) await sourceMapsPart(options);
  if (options.parts.includes('list')) {
    let engines = options.engines;
    if (engines === 'auto') {
      const reachable = await isReachable(options.postgresUrl);
      if (!reachable) console.log(`\nPostgreSQL does not answer at ${options.postgresUrl}: measuring PGlite only (pass --postgres-url or set BENCH_POSTGRES_URL).`);
      engines = reachable ? ['postgres', 'pglite'] : ['pglite'];
    }
    if (engines.includes('postgres') && !(await isReachable(options.postgresUrl))) {
      console.error(`PostgreSQL does not answer at ${options.postgresUrl}: start it, pass --postgres-url, or use --db pglite.`);
      process.exitCode = 1;
      return;
    }
    // One window end for the whole run: every database gets the same errors.
    const now = Math.floor(Date.now() / 60_000) * 60_000;
    for (const engine of engines) await listPart(engine, options, now);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
