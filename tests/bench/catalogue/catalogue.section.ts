/**
 * `catalogue` section of `npm run bench`: each predefined dashboard widget (the catalogue's 45
 * keys) on the search benchmark's generated sessions over the last 7 days, timed alone, and a
 * 12-widget dashboard (catalogue-dashboard.ts) asked at once as its page does. Default size: 5,000
 * sessions on PGlite and PostgreSQL; `--size large`: 100,000 then 1,000,000 on PostgreSQL (the
 * target is the whole dashboard under 1 s at 100,000). At a million only the dashboard's own 12
 * widgets are timed one by one: the other 33 would add most of an hour and no page asks them together.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { sessionsServices, type CatalogueWidgetKey } from '@cassette/plugin-sessions/api';
import { ENGINE_LABEL, databaseFacts, openBenchDatabase, type BenchDatabase, type Engine } from '../bench-database.js';
import { percentile } from '../latency.js';
import type { BenchSection, BenchTable, SectionOptions, SectionResult } from '../suite/section.js';
import { CATALOGUE_KEYS } from './catalogue-keys.js';
import { DASHBOARD_WIDGETS, timeDashboard, timeWidget } from './catalogue-dashboard.js';

interface CatalogueSize {
  sessions: number;
  runs: number;
  warmup: number;
  engines: readonly Engine[];
  /** Every catalogue widget timed alone, or only the 12 of the benchmark's dashboard. */
  widgets: 'all' | 'dashboard';
}

export const CATALOGUE_SIZES: Record<SectionOptions['size'], readonly CatalogueSize[]> = {
  default: [{ sessions: 5_000, runs: 5, warmup: 1, engines: ['pglite', 'postgres'], widgets: 'all' }],
  large: [
    { sessions: 100_000, runs: 10, warmup: 1, engines: ['postgres'], widgets: 'all' },
    // About 18 M events and 7 GB: `BENCH_CATALOGUE_SIZES=100000` leaves it out.
    { sessions: 1_000_000, runs: 5, warmup: 1, engines: ['postgres'], widgets: 'dashboard' },
  ],
};
/** `BENCH_CATALOGUE_SIZES=100000` (a comma list) times only those sizes of the chosen `--size`. */
const SIZES_ASKED = process.env.BENCH_CATALOGUE_SIZES?.split(',').map((n) => Number(n.trim()));
const SEED = 1;
/** Keep the generated databases and use them again when they are there (100,000 sessions take minutes to make). */
const REUSE = process.env.BENCH_CATALOGUE_REUSE === '1';

interface Figures {
  p50: number | null;
  p95: number | null;
  samples: number[];
}
const round = (ms: number) => Math.round(ms * 10) / 10;
const figuresOf = (samples: number[]): Figures => (samples.length ? { p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)), samples: samples.map(round) } : { p50: null, p95: null, samples });

interface CatalogueRun {
  engine: Engine;
  database: string;
  sessions: number;
  events: number;
  runs: number;
  widgets: { key: CatalogueWidgetKey; figures: Figures; failure?: string }[];
  dashboard: Figures;
}

async function open(engine: Engine, sessions: number, options: SectionOptions, workDir: string, now: number): Promise<BenchDatabase> {
  // A database of its own: it holds the page timings the widgets read (first paint, response time...), and a run here never drops the funnels section's.
  const opening = { sessions, seed: SEED, now, workDir, postgresAdminUrl: options.postgresUrl ?? '', databaseLabel: 'catalogue' };
  if (REUSE) {
    try {
      return await openBenchDatabase(engine, { ...opening, reuse: true });
    } catch (error) {
      options.progress(`catalogue: cannot reuse the ${ENGINE_LABEL[engine]} data (${error instanceof Error ? error.message : String(error)}); generating`);
    }
  }
  return openBenchDatabase(engine, { ...opening, reuse: false });
}

async function measure(engine: Engine, size: CatalogueSize, options: SectionOptions, now: number): Promise<CatalogueRun> {
  const workDir = join(options.workDir, 'catalogue');
  options.progress(`catalogue: ${REUSE ? 'opening or generating' : 'generating'} ${size.sessions.toLocaleString('en-US')} sessions on ${ENGINE_LABEL[engine]}`);
  const db = await open(engine, size.sessions, options, workDir, now);
  try {
    const facts = await databaseFacts(db);
    const { generation, projectId } = db.manifest;
    const service = db.kernel.kernel.resolve(sessionsServices.analytics);
    const windowEnd = generation.window.to;
    const runs = options.runs ?? size.runs;
    options.progress(`catalogue: timing ${size.widgets === 'all' ? CATALOGUE_KEYS.length : DASHBOARD_WIDGETS.length} widgets on ${ENGINE_LABEL[engine]}, ${runs} runs each`);
    const widgets: CatalogueRun['widgets'] = [];
    const keys = size.widgets === 'all' ? CATALOGUE_KEYS : CATALOGUE_KEYS.filter((key) => DASHBOARD_WIDGETS.includes(key));
    for (const key of keys) {
      try {
        for (let i = 0; i < size.warmup; i++) await timeWidget(service, projectId, key, windowEnd);
        const samples: number[] = [];
        for (let i = 0; i < runs; i++) samples.push(await timeWidget(service, projectId, key, windowEnd));
        widgets.push({ key, figures: figuresOf(samples) });
      } catch (error) {
        widgets.push({ key, figures: figuresOf([]), failure: error instanceof Error ? error.message : String(error) });
      }
    }
    options.progress(`catalogue: timing the ${DASHBOARD_WIDGETS.length}-widget dashboard on ${ENGINE_LABEL[engine]}, ${runs} runs`);
    for (let i = 0; i < size.warmup; i++) await timeDashboard(service, projectId, windowEnd);
    const dashboard: number[] = [];
    for (let i = 0; i < runs; i++) dashboard.push(await timeDashboard(service, projectId, windowEnd));
    return { engine, database: engine === 'pglite' ? `PGlite (${facts.version})` : facts.version, sessions: generation.sessions, events: generation.events, runs, widgets, dashboard: figuresOf(dashboard) };
  } finally {
    await db.close();
    if (engine === 'pglite' && !REUSE) rmSync(join(workDir, `pglite-${size.sessions}`), { recursive: true, force: true });
  }
}

function table(results: readonly CatalogueRun[]): BenchTable {
  const first = results[0]!;
  const inDashboard = new Set(DASHBOARD_WIDGETS);
  const rows: (string | number | null)[][] = first.widgets.map(({ key }) => [
    `${key}${inDashboard.has(key) ? ' *' : ''}`,
    ...results.flatMap((r): (string | number | null)[] => {
      const w = r.widgets.find((x) => x.key === key)!;
      return w.failure ? ['failed', null] : [w.figures.p50, w.figures.p95];
    }),
  ]);
  rows.push([`dashboard of ${DASHBOARD_WIDGETS.length} (*), at once`, ...results.flatMap((r) => [r.dashboard.p50, r.dashboard.p95])]);
  const notes = [
    `${first.sessions.toLocaleString('en-US')} sessions, ${first.events.toLocaleString('en-US')} events; each widget over the last 7 days of the data, default density, no filter, an admin reading; ${first.runs} timed runs after a warm-up.`,
    'The dashboard row asks its 12 widgets at once (the page loads each card on its own) and times until the last answered.',
    'Widgets whose data the tracker does not collect (time to render, visually complete) answer at once that it is not collected.',
    ...results.flatMap((r) => r.widgets.filter((w) => w.failure).map((w) => `${ENGINE_LABEL[r.engine]} ${w.key} failed: ${w.failure}`)),
  ];
  return { title: `Predefined dashboard widgets, ${first.sessions.toLocaleString('en-US')} sessions (ms)`, head: ['widget', ...results.flatMap((r) => [`${ENGINE_LABEL[r.engine]} p50`, `${ENGINE_LABEL[r.engine]} p95`])], rows, notes };
}

async function run(options: SectionOptions): Promise<SectionResult> {
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  const sizes = CATALOGUE_SIZES[options.size].filter((size) => !SIZES_ASKED || SIZES_ASKED.includes(size.sessions));
  const tables: BenchTable[] = [];
  const results: CatalogueRun[] = [];
  for (const size of sizes) {
    const engines = size.engines.filter((engine) => engine === 'pglite' || options.postgresUrl);
    const ofSize: CatalogueRun[] = [];
    for (const engine of engines) ofSize.push(await measure(engine, size, options, now));
    results.push(...ofSize);
    if (ofSize.length) tables.push(table(ofSize));
  }
  if (!tables.length) return { id: 'catalogue', tables: [{ title: 'Predefined dashboard widgets', head: ['widget'], rows: [], notes: ['PostgreSQL did not answer: the large size measures PostgreSQL only.'] }], data: { seed: SEED, results } };
  if (!options.postgresUrl) tables[0]!.notes!.push('PostgreSQL was not measured: it did not answer.');
  return { id: 'catalogue', tables, data: { seed: SEED, reused: REUSE, results } };
}

export const catalogueSection: BenchSection = { id: 'catalogue', title: 'Predefined dashboard widgets on generated sessions', run };
