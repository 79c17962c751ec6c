import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ENGINE_LABEL, databaseFacts, openBenchDatabase, type Engine } from '../bench-database.js';
import type { BenchSection, BenchTable, SectionOptions, SectionResult } from '../suite/section.js';
import { typicalSearches } from '../typical-searches.js';
import { FUNNEL_SEARCH_NAME, funnelSearch } from './funnel-search.js';
import { timeSearch, type SearchFigures } from './time-search.js';

const SIZES = { default: { sessions: 5_000, runs: 10, warmup: 2 }, large: { sessions: 100_000, runs: 20, warmup: 3 } } as const;
const SEED = 1;

interface EngineRun {
  engine: Engine;
  database: string;
  sessions: number;
  events: number;
  generationMs: number;
  databaseBytes: number;
  searches: SearchFigures[];
}

async function measureEngine(engine: Engine, options: SectionOptions, now: number): Promise<EngineRun> {
  const size = SIZES[options.size];
  options.progress(`search: generating ${size.sessions.toLocaleString('en-US')} sessions on ${ENGINE_LABEL[engine]}`);
  // A folder of its own: `npm run bench:search -- --reuse` keeps its data in workDir.
  const workDir = join(options.workDir, 'search');
  const db = await openBenchDatabase(engine, { sessions: size.sessions, seed: SEED, reuse: false, now, workDir, postgresAdminUrl: options.postgresUrl ?? '' });
  try {
    const facts = await databaseFacts(db);
    const { generation } = db.manifest;
    const typical = typicalSearches(generation.window.to);
    const searches = [...typical, funnelSearch(typical[0]!)];
    const runs = options.runs ?? size.runs;
    options.progress(`search: timing ${searches.length} searches on ${ENGINE_LABEL[engine]}, ${runs} runs each`);
    const figures: SearchFigures[] = [];
    for (const search of searches) figures.push(await timeSearch(db, search, { runs, warmup: size.warmup }));
    return {
      engine,
      database: engine === 'pglite' ? `PGlite (${facts.version})` : facts.version,
      sessions: generation.sessions,
      events: generation.events,
      generationMs: generation.elapsedMs,
      databaseBytes: facts.bytes,
      searches: figures,
    };
  } finally {
    await db.close();
    // Made for this run only (never reused): the PGlite files need not stay on disk.
    if (engine === 'pglite') rmSync(join(workDir, `pglite-${size.sessions}`), { recursive: true, force: true });
  }
}

function table(results: EngineRun[], runs: number): BenchTable {
  const [first] = results;
  const head = ['search', 'rows total', ...results.flatMap((r) => [`${ENGINE_LABEL[r.engine]} p50 ms`, `${ENGINE_LABEL[r.engine]} p95 ms`])];
  const rows = first!.searches.map((search, i) => [search.name, search.total ?? `HTTP ${search.status}`, ...results.flatMap((r) => [r.searches[i]!.p50, r.searches[i]!.p95])]);
  const disagreements = first!.searches.filter((search, i) => results.some((r) => r.searches[i]!.total !== search.total)).map((s) => s.name);
  const failures = results.flatMap((r) => r.searches.filter((s) => s.error).map((s) => `${ENGINE_LABEL[r.engine]}, ${s.name}: HTTP ${s.status} ${s.error}`));
  return {
    title: `Search latency: ${first!.sessions.toLocaleString('en-US')} generated sessions (${runs} timed runs per search)`,
    head,
    rows,
    notes: [
      'Through the real route (POST /api/{projectId}/sessions/search2, the owner\'s token, in-process inject), the searches the sessions page sends most: past 7 days, first page of 10; warm-up runs first.',
      `Funnels are not built yet: "${FUNNEL_SEARCH_NAME}" is the funnel's question (who did A, then B, then C) asked as a 3-step ordered sequence search, and stands as the funnel figure.`,
      ...results.map((r) => `${r.database}: ${r.sessions.toLocaleString('en-US')} sessions, ${r.events.toLocaleString('en-US')} events generated in ${(r.generationMs / 1000).toFixed(1)} s; database ${(r.databaseBytes / 1024 / 1024).toFixed(0)} MB.`),
      ...(results.length === 1 ? ['PostgreSQL was not measured: it did not answer.'] : []),
      ...(disagreements.length ? [`The databases counted differently for: ${disagreements.join('; ')}.`] : []),
      ...failures,
    ],
  };
}

async function run(options: SectionOptions): Promise<SectionResult> {
  // One window end for every database: they hold the same sessions.
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  const engines: Engine[] = options.postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
  const results: EngineRun[] = [];
  for (const engine of engines) results.push(await measureEngine(engine, options, now));
  const runs = options.runs ?? SIZES[options.size].runs;
  return { id: 'search', tables: [table(results, runs)], data: { seed: SEED, runs, warmup: SIZES[options.size].warmup, engines: results } };
}

export const searchSection: BenchSection = { id: 'search', title: 'Search and funnel latency on generated sessions', run };
