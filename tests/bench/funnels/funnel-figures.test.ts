import { describe, expect, it } from 'vitest';
import { renderTable } from '../suite/render-table.js';
import { answerCell, callFigures, figuresOf, funnelTable, timeShares, type FunnelRun } from './funnel-figures.js';
import type { FunnelPageAnswers, FunnelPageVisit } from './funnel-page.js';

const visit = (funnel: number, funnelIssues?: number, funnelIssueUnion?: number, funnelFigures?: number): FunnelPageVisit => ({
  answers: {},
  ms: {
    funnel,
    ...(funnelIssues === undefined ? {} : { funnelIssues }),
    ...(funnelIssueUnion === undefined ? {} : { funnelIssueUnion }),
    ...(funnelFigures === undefined ? {} : { funnelFigures }),
  },
});

const ANSWERS: FunnelPageAnswers = {
  funnel: {
    stages: [
      { sessionsCount: 12_000, usersCount: 9_000 },
      { sessionsCount: 4_100, usersCount: 3_000 },
      { sessionsCount: 2_000, usersCount: 1_500 },
      { sessionsCount: 950, usersCount: 700 },
    ],
  },
  funnelIssues: {
    entered: { sessionsCount: 12_000, usersCount: 9_000 },
    converted: { sessionsCount: 950, usersCount: 700 },
    issues: [{ type: 'click_rage', contextString: 'Add to cart', affectedSessions: 300, affectedUsers: 250, affectedConversions: 10, unaffectedSessions: 11_700, unaffectedConversions: 940 }],
  },
  funnelIssueUnion: { affectedSessions: 1_234, affectedUsers: 1_000, affectedConversions: 40 },
};
ANSWERS.funnelFigures = { counts: ANSWERS.funnel!, issues: ANSWERS.funnelIssues!, union: ANSWERS.funnelIssueUnion! };

function run(engine: string, overrides: Partial<FunnelRun> = {}): FunnelRun {
  return {
    engine,
    database: engine === 'pglite' ? 'PGlite (PostgreSQL 17.5)' : 'PostgreSQL 15.8',
    sessions: 100_000,
    events: 1_800_000,
    generationMs: 36_000,
    databaseBytes: 700 * 1024 * 1024,
    runs: 4,
    figures: callFigures([visit(10, 30, 5, 20), visit(20, 40, 6, 25), visit(30, 50, 7, 30), visit(40, 60, 8, 35)]),
    answers: ANSWERS,
    typical: [],
    ...overrides,
  };
}

describe('the funnel section figures', () => {
  it('takes p50 and p95 per call, and the page over the runs where every call answered', () => {
    const figures = callFigures([visit(10, 30, 5, 20), visit(20, 40, 6, 25), visit(30, 50, 7, 30), visit(40, 60, 8, 35), visit(1000)]);
    expect(figures.funnel).toMatchObject({ p50: 30, p95: 1000 });
    expect(figures.funnelIssues).toMatchObject({ p50: 40, p95: 60 });
    expect(figures.funnelIssueUnion).toMatchObject({ p50: 6, p95: 8 });
    expect(figures.funnelFigures).toMatchObject({ p50: 25, p95: 35 });
    expect(figures.page).toMatchObject({ p50: 66, p95: 108, samples: [45, 66, 87, 108] });
    expect(callFigures([])).toMatchObject({ funnel: { p50: null, p95: null }, page: { p50: null, p95: null } });
  });

  it('puts each call\'s answer in a cell short enough to compare the databases by', () => {
    expect(answerCell('funnel', ANSWERS)).toBe('12,000 → 4,100 → 2,000 → 950');
    expect(answerCell('funnelIssues', ANSWERS)).toBe('1 issues');
    expect(answerCell('funnelIssueUnion', ANSWERS)).toBe('1,234 sessions');
    expect(answerCell('funnelFigures', ANSWERS)).toBe('12,000 → 4,100 → 2,000 → 950; 1 issues; 1,234 sessions');
    expect(answerCell('funnel', {})).toBeNull();
  });

  it('says where the page\'s time goes, call by call', () => {
    expect(timeShares(run('postgres'))).toBe('PostgreSQL 15.8: funnel() 30 %, funnelIssues() 61 %, funnelIssueUnion() 9 % of the three calls\' p50.');
    expect(timeShares(run('postgres', { figures: callFigures([visit(10)]) }))).toBeNull();
  });

  it('prints a row per call and per database, with what was measured and what failed', () => {
    const label = (engine: string) => (engine === 'pglite' ? 'PGlite' : 'PostgreSQL');
    const failed = run('postgres', { figures: callFigures([]), answers: {}, failure: { call: 'funnel', message: 'funnel queries are not built yet' }, generationMs: null });
    const table = funnelTable([run('pglite'), failed], label);
    expect(table.head).toEqual(['call', 'answer', 'PGlite p50 ms', 'PGlite p95 ms', 'PostgreSQL p50 ms', 'PostgreSQL p95 ms']);
    expect(table.rows.map((r) => r.slice(0, 2))).toEqual([
      ['funnel(): sessions per stage', '12,000 → 4,100 → 2,000 → 950'],
      ['funnelIssues(): stages 1–4', '1 issues'],
      ['funnelIssueUnion(): top 5 issues', '1,234 sessions'],
      ['the page: funnelFigures(), the three from one stage walk', '12,000 → 4,100 → 2,000 → 950; 1 issues; 1,234 sessions'],
      ['the three, one after another (the page before funnelFigures())', ''],
    ]);
    expect(table.rows[0]!.slice(2)).toEqual([20, 40, null, null]);
    expect(table.title).toBe('Funnel page: a 4-step funnel with its insights, 100,000 generated sessions (4 timed runs)');
    expect(table.notes).toEqual(
      expect.arrayContaining([
        'PGlite (PostgreSQL 17.5): 100,000 sessions, 1,800,000 events generated in 36.0 s; database 700 MB.',
        'PostgreSQL 15.8: 100,000 sessions, 1,800,000 events (generated earlier); database 700 MB.',
        "Answers differ from PGlite's on: PostgreSQL.",
        'PostgreSQL: funnel() failed: funnel queries are not built yet (the calls after it were not asked)',
      ]),
    );
    expect(() => renderTable(table)).not.toThrow();
  });

  it('adds a row per typical funnel question, with its answer, and says which failed and which databases disagree', () => {
    const label = (engine: string) => (engine === 'pglite' ? 'PGlite' : 'PostgreSQL');
    const stages7 = { name: 'stages, exact, 7 days', answer: '900 → 400', figures: figuresOf([10, 20, 30]) };
    const dropped30 = { name: 'dropped sessions, first page, prefix, 30 days', answer: '10 of 2,000 sessions', figures: figuresOf([50, 70]) };
    const pglite = run('pglite', { typical: [stages7, dropped30] });
    const postgres = run('postgres', { typical: [{ ...stages7, answer: '900 → 401', figures: figuresOf([5]) }, { ...dropped30, answer: null, figures: figuresOf([]), failure: 'statement timeout' }] });
    const table = funnelTable([pglite, postgres], label);
    expect(table.rows.slice(5)).toEqual([
      ['stages, exact, 7 days', '900 → 400', 20, 30, 5, 5],
      ['dropped sessions, first page, prefix, 30 days', '10 of 2,000 sessions', 50, 70, null, null],
    ]);
    expect(table.title).toBe('Funnel page: a 4-step funnel with its insights, then typical funnels, 100,000 generated sessions (4 timed runs)');
    expect(table.notes).toEqual(expect.arrayContaining(["Answers differ from PGlite's on: PostgreSQL.", 'PostgreSQL: "dropped sessions, first page, prefix, 30 days" failed: statement timeout']));
    expect(funnelTable([pglite, run('postgres', { typical: [stages7, dropped30] })], label).notes).not.toContain("Answers differ from PGlite's on: PostgreSQL.");
  });
});
