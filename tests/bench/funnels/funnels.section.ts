/**
 * `funnels` section of `npm run bench`: what the funnel page costs the analytics query service
 * (a 4-step funnel, its issues over the full span, the union of the top issues) on the search
 * benchmark's generated sessions, per call, on PGlite and PostgreSQL; then the typical funnels
 * (typical-funnels.ts: exact steps or a "starts with" first step, 7 or 30 days), question by question.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sessionsServices } from '@cassette/plugin-sessions/api';
import { ENGINE_LABEL, databaseFacts, openBenchDatabase, type BenchDatabase, type Engine } from '../bench-database.js';
import type { BenchSection, SectionOptions, SectionResult } from '../suite/section.js';
import { callFigures, figuresOf, funnelTable, type FunnelRun, type TypicalFigures } from './funnel-figures.js';
import { OWNER, funnelPageQuery, visitFunnelPage, type FunnelPageVisit } from './funnel-page.js';
import { typicalAnswerCell, typicalFunnelQuestions, type FunnelQuestion } from './typical-funnels.js';

/** Sessions per table; 1,000,000 sessions are about 18 M events and 7 GB per database. */
export const FUNNEL_SIZES = {
  default: [{ sessions: 5_000, runs: 10, warmup: 2 }],
  large: [
    { sessions: 100_000, runs: 10, warmup: 2 },
    { sessions: 1_000_000, runs: 5, warmup: 1 },
  ],
} as const;
const SEED = 1;
/** Keep the generated databases and use them again when they are there (a 1M-session database takes minutes to make). */
const REUSE = process.env.BENCH_FUNNELS_REUSE === '1';
/** `BENCH_FUNNELS_ENGINES=postgres` measures PostgreSQL alone (the targets are PostgreSQL's; PGlite at 1M adds half an hour). */
const ENGINES_ASKED = (process.env.BENCH_FUNNELS_ENGINES ?? 'pglite,postgres').split(',').map((name) => name.trim());
/** `BENCH_FUNNELS_TYPICAL=0` times the funnel page alone (the typical funnels add minutes at a million sessions). */
const TYPICAL = process.env.BENCH_FUNNELS_TYPICAL !== '0';

async function open(engine: Engine, sessions: number, options: SectionOptions, workDir: string, now: number): Promise<BenchDatabase> {
  const opening = { sessions, seed: SEED, now, workDir, postgresAdminUrl: options.postgresUrl ?? '' };
  if (REUSE) {
    try {
      return await openBenchDatabase(engine, { ...opening, reuse: true });
    } catch (error) {
      // Another benchmark may have made the same database again since: generate it afresh.
      options.progress(`funnels: cannot reuse the ${ENGINE_LABEL[engine]} data (${error instanceof Error ? error.message : String(error)}); generating`);
    }
  }
  return openBenchDatabase(engine, { ...opening, reuse: false });
}

type AnalyticsService = Parameters<FunnelQuestion['ask']>[0];

/** Each question asked alone: warm-up runs, then timed runs; a failing question is reported and the next one asked. */
async function timeTypicalFunnels(service: AnalyticsService, questions: readonly FunnelQuestion[], warmup: number, runs: number): Promise<TypicalFigures[]> {
  const results: TypicalFigures[] = [];
  for (const question of questions) {
    try {
      const answer = typicalAnswerCell(await question.ask(service, OWNER));
      for (let i = 1; i < warmup; i++) await question.ask(service, OWNER);
      const samples: number[] = [];
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        await question.ask(service, OWNER);
        samples.push(performance.now() - started);
      }
      results.push({ name: question.name, answer, figures: figuresOf(samples) });
    } catch (error) {
      results.push({ name: question.name, answer: null, figures: figuresOf([]), failure: error instanceof Error ? error.message : String(error) });
    }
  }
  return results;
}

async function measure(engine: Engine, size: (typeof FUNNEL_SIZES)[keyof typeof FUNNEL_SIZES][number], options: SectionOptions, now: number): Promise<FunnelRun> {
  const workDir = join(options.workDir, 'funnels');
  options.progress(`funnels: ${REUSE ? 'opening or generating' : 'generating'} ${size.sessions.toLocaleString('en-US')} sessions on ${ENGINE_LABEL[engine]}`);
  const db = await open(engine, size.sessions, options, workDir, now);
  try {
    const facts = await databaseFacts(db);
    const { generation } = db.manifest;
    const service = db.kernel.kernel.resolve(sessionsServices.analytics);
    const query = funnelPageQuery(db.manifest.projectId, generation.window.to);
    const runs = options.runs ?? size.runs;
    options.progress(`funnels: timing the funnel page on ${ENGINE_LABEL[engine]}, ${runs} runs`);
    // A visit stops at a failing call: the calls before it are still timed.
    const first = await visitFunnelPage(service, query);
    const visits: FunnelPageVisit[] = [];
    for (let i = 1; i < size.warmup; i++) await visitFunnelPage(service, query);
    for (let i = 0; i < runs; i++) visits.push(await visitFunnelPage(service, query));
    if (TYPICAL) options.progress(`funnels: timing the typical funnels on ${ENGINE_LABEL[engine]}, ${runs} runs each`);
    // The window of the data, not of this run: reused data keeps its dates.
    const typical = TYPICAL ? await timeTypicalFunnels(service, typicalFunnelQuestions(db.manifest.projectId, generation.window.to), size.warmup, runs) : [];
    return {
      engine,
      database: engine === 'pglite' ? `PGlite (${facts.version})` : facts.version,
      sessions: generation.sessions,
      events: generation.events,
      generationMs: db.generated ? generation.elapsedMs : null,
      databaseBytes: facts.bytes,
      runs,
      figures: callFigures(visits),
      answers: first.answers,
      typical,
      ...(first.failure ? { failure: first.failure } : {}),
    };
  } finally {
    await db.close();
    // Made for this run only unless kept for the next: the PGlite files need not stay on disk.
    if (engine === 'pglite' && !REUSE) rmSync(join(workDir, `pglite-${size.sessions}`), { recursive: true, force: true });
  }
}

async function run(options: SectionOptions): Promise<SectionResult> {
  // One window end for every database: they hold the same sessions.
  const now = Math.floor(Date.now() / 60_000) * 60_000;
  const available: Engine[] = options.postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
  const asked = available.filter((engine) => ENGINES_ASKED.includes(engine));
  const engines = asked.length > 0 ? asked : available;
  const sizes: FunnelRun[][] = [];
  for (const size of FUNNEL_SIZES[options.size]) {
    const results: FunnelRun[] = [];
    for (const engine of engines) results.push(await measure(engine, size, options, now));
    sizes.push(results);
  }
  const tables = sizes.map((results) => {
    const table = funnelTable(results, (engine) => ENGINE_LABEL[engine as Engine]);
    if (!options.postgresUrl) table.notes!.push('PostgreSQL was not measured: it did not answer.');
    return table;
  });
  return { id: 'funnels', tables, data: { seed: SEED, reused: REUSE, sizes } };
}

export const funnelsSection: BenchSection = { id: 'funnels', title: 'Funnel page latency on generated sessions', run };
