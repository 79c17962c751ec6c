import { percentile } from '../latency.js';
import type { BenchTable } from '../suite/section.js';
import { FUNNEL_CALLS, FUNNEL_STEPS_LABEL, TOP_ISSUES, type FunnelCall, type FunnelPageAnswers, type FunnelPageVisit } from './funnel-page.js';

/** The rows of the table: each call, then the three one after another (the page before funnelFigures()). */
export const FIGURE_ROWS = [...FUNNEL_CALLS, 'page'] as const;
/** The questions the page asked one by one before funnelFigures() answered them from one stage walk. */
const SEPARATE_CALLS = ['funnel', 'funnelIssues', 'funnelIssueUnion'] as const;
export type FigureRow = (typeof FIGURE_ROWS)[number];

export interface CallFigures {
  p50: number | null;
  p95: number | null;
  samples: number[];
}

/** One database at one size: what it held and how long each call took. */
export interface FunnelRun {
  engine: string;
  /** "PGlite (PostgreSQL 17.x)" or the server's version. */
  database: string;
  sessions: number;
  events: number;
  generationMs: number | null;
  databaseBytes: number;
  runs: number;
  figures: Record<FigureRow, CallFigures>;
  /** The first visit's answers (every visit asks the same). */
  answers: FunnelPageAnswers;
  failure?: FunnelPageVisit['failure'];
  /** The typical funnels (typical-funnels.ts), question by question, in their order. */
  typical: TypicalFigures[];
}

/** One typical funnel question on one database: its first answer and its timings, or why it failed. */
export interface TypicalFigures {
  name: string;
  answer: string | null;
  figures: CallFigures;
  failure?: string;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export function figuresOf(samples: number[]): CallFigures {
  if (samples.length === 0) return { p50: null, p95: null, samples };
  return { p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)), samples: samples.map(round) };
}

/** p50 / p95 per call over the timed visits; the three-call page's figure is over each visit's sum, so only visits where the three answered count. */
export function callFigures(visits: readonly FunnelPageVisit[]): Record<FigureRow, CallFigures> {
  const per = (call: FunnelCall) => figuresOf(visits.flatMap((v) => (v.ms[call] === undefined ? [] : [v.ms[call]!])));
  const complete = visits.filter((v) => SEPARATE_CALLS.every((call) => v.ms[call] !== undefined));
  return {
    funnel: per('funnel'),
    funnelIssues: per('funnelIssues'),
    funnelIssueUnion: per('funnelIssueUnion'),
    funnelFigures: per('funnelFigures'),
    page: figuresOf(complete.map((v) => SEPARATE_CALLS.reduce((sum, call) => sum + v.ms[call]!, 0))),
  };
}

const count = (n: number) => n.toLocaleString('en-US');

/** What a call answered, short enough for a cell (so two databases can be seen to agree). */
export function answerCell(row: FigureRow, answers: FunnelPageAnswers): string | null {
  switch (row) {
    case 'funnel':
      return answers.funnel ? answers.funnel.stages.map((s) => count(s.sessionsCount)).join(' → ') : null;
    case 'funnelIssues':
      return answers.funnelIssues ? `${count(answers.funnelIssues.issues.length)} issues` : null;
    case 'funnelIssueUnion':
      return answers.funnelIssueUnion ? `${count(answers.funnelIssueUnion.affectedSessions)} sessions` : null;
    case 'funnelFigures': {
      const figures = answers.funnelFigures;
      if (!figures) return null;
      return `${figures.counts.stages.map((s) => count(s.sessionsCount)).join(' → ')}; ${count(figures.issues.issues.length)} issues; ${count(figures.union.affectedSessions)} sessions`;
    }
    case 'page':
      return null;
  }
}

const ROW_LABEL: Record<FigureRow, string> = {
  funnel: 'funnel(): sessions per stage',
  funnelIssues: 'funnelIssues(): stages 1–4',
  funnelIssueUnion: `funnelIssueUnion(): top ${TOP_ISSUES} issues`,
  funnelFigures: `the page: funnelFigures(), the three from one stage walk`,
  page: 'the three, one after another (the page before funnelFigures())',
};

/** Each of the three calls' share of their sum's median, per database: where the time goes when each walks the stages. */
export function timeShares(run: FunnelRun): string | null {
  const parts = SEPARATE_CALLS.map((call) => run.figures[call].p50);
  if (parts.some((p) => p === null)) return null;
  const sum = parts.reduce((a, b) => a! + b!, 0)!;
  if (sum <= 0) return null;
  return `${run.database}: ${SEPARATE_CALLS.map((call, i) => `${call}() ${Math.round((parts[i]! / sum) * 100)} %`).join(', ')} of the three calls' p50.`;
}

function sameAnswers(a: FunnelRun, b: FunnelRun): boolean {
  return FIGURE_ROWS.every((row) => answerCell(row, a.answers) === answerCell(row, b.answers)) && a.typical.every((q, i) => q.answer === b.typical[i]?.answer);
}

/** One table for one size: a row per call, p50 / p95 per database, and the notes that explain them. */
export function funnelTable(runs: readonly FunnelRun[], label: (engine: string) => string): BenchTable {
  const [first] = runs;
  if (!first) throw new Error('no database was measured');
  const head = ['call', 'answer', ...runs.flatMap((r) => [`${label(r.engine)} p50 ms`, `${label(r.engine)} p95 ms`])];
  const rows = [
    ...FIGURE_ROWS.map((row) => [ROW_LABEL[row], answerCell(row, first.answers) ?? '', ...runs.flatMap((r) => [r.figures[row].p50, r.figures[row].p95])]),
    ...first.typical.map((question, i) => [question.name, question.answer ?? '', ...runs.flatMap((r) => [r.typical[i]?.figures.p50 ?? null, r.typical[i]?.figures.p95 ?? null])]),
  ];
  const disagree = runs.filter((r) => r !== first && !sameAnswers(r, first)).map((r) => label(r.engine));
  return {
    title: `Funnel page: a 4-step funnel with its insights${first.typical.length ? ', then typical funnels' : ''}, ${count(first.sessions)} generated sessions (${first.runs} timed runs)`,
    head,
    rows,
    notes: [
      `Steps ${FUNNEL_STEPS_LABEL}, over the past 7 days of the generated month, no other filter, asked of the analytics query service (sessions.analytics) as the funnel page's requests ask it, owner's reader; warm-up runs first.`,
      `funnelIssues() is over the full span (stages 1–4); funnelIssueUnion() over the ${TOP_ISSUES} issues that affected the most sessions; funnelFigures() answers the three from one walk of the stages, as the funnel page asks it. The last row is each run's sum of the three separate calls.`,
      ...(first.typical.length
        ? ['The typical funnels: exact steps and the same starting on any product page (a case-insensitive prefix), over the past 7 and 30 days; per funnel its stages, its issues over the full span, the union of three common issues and the first page of 10 dropped sessions, each timed alone.']
        : []),
      ...runs.map((r) => `${r.database}: ${count(r.sessions)} sessions, ${count(r.events)} events${r.generationMs === null ? ' (generated earlier)' : ` generated in ${(r.generationMs / 1000).toFixed(1)} s`}; database ${(r.databaseBytes / 1024 / 1024).toFixed(0)} MB.`),
      ...runs.flatMap((r) => timeShares(r) ?? []),
      ...(disagree.length ? [`Answers differ from ${label(first.engine)}'s on: ${disagree.join(', ')}.`] : []),
      ...runs.flatMap((r) => (r.failure ? [`${label(r.engine)}: ${r.failure.call}() failed: ${r.failure.message}${r.failure.call === 'funnelFigures' ? '' : ' (the calls after it were not asked)'}`] : [])),
      ...runs.flatMap((r) => r.typical.flatMap((q) => (q.failure ? [`${label(r.engine)}: "${q.name}" failed: ${q.failure}`] : []))),
    ],
  };
}
