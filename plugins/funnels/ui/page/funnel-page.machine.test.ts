import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '@cassette/plugin-sdk/ui';
import type { Funnel, FunnelFilter, FunnelIssuesAnswer, FunnelQueryBody, FunnelSessionsAnswer } from '../../shared/funnel.js';
import { funnel, issuesAnswer, sessionsAnswer } from '../../testing/ui-fixtures.js';
import type { FunnelRange } from '../common/funnel-view.js';
import { FUNNEL_FILTER_REFETCH_MS } from '../constants.js';
import { funnelPageMachine, type FunnelSessionsBody } from './funnel-page.machine.js';

const WEEK: FunnelRange = { rangeValue: 'LAST_7_DAYS', startDate: 1_000, endDate: 2_000 };
const MONTH: FunnelRange = { rangeValue: 'LAST_30_DAYS', startDate: 500, endDate: 2_000 };

interface Call<B, T> {
  body: B;
  resolve(answer: T): void;
  reject(error: unknown): void;
}

/** Each loader call waits until the test answers it, so the test decides the order answers come in. */
function loader<B, T>() {
  const calls: Call<B, T>[] = [];
  const actor = fromPromise<T, { funnelId: number; body: B }>(
    ({ input }) =>
      new Promise<T>((resolve, reject) => {
        calls.push({ body: input.body, resolve, reject });
      }),
  );
  return { calls, actor, last: () => calls.at(-1)! };
}

function start(span: { firstStage: number; lastStage: number } | null = null) {
  const insights = loader<FunnelQueryBody, Funnel>();
  const issues = loader<FunnelQueryBody, FunnelIssuesAnswer>();
  const sessions = loader<FunnelSessionsBody, FunnelSessionsAnswer>();
  const machine = funnelPageMachine.provide({ actors: { loadInsights: insights.actor, loadIssues: issues.actor, loadSessions: sessions.actor } });
  const actor = createActor(machine, { input: { funnelId: 4, range: WEEK, span } }).start();
  return { actor, insights, issues, sessions };
}

type Started = ReturnType<typeof start>;
const context = (s: Started) => s.actor.getSnapshot().context;
const matches = (s: Started, state: Parameters<ReturnType<Started['actor']['getSnapshot']>['matches']>[0]) => s.actor.getSnapshot().matches(state);

async function answerAll(s: Started, f = funnel()) {
  s.insights.last().resolve(f);
  s.issues.last().resolve(issuesAnswer());
  s.sessions.last().resolve(sessionsAnswer());
  await waitFor(s.actor, (snap) => snap.matches({ insights: 'ready', issues: 'ready', sessions: 'ready' }));
}

const WHOLE = { rangeValue: 'LAST_7_DAYS', startDate: 1_000, endDate: 2_000 };

describe('the funnel page machine', () => {
  it('loads insights, issues and sessions over the range, for the whole funnel', async () => {
    const s = start();
    expect(s.insights.calls.map((c) => c.body)).toEqual([WHOLE]);
    expect(s.issues.calls.map((c) => c.body)).toEqual([WHOLE]);
    expect(s.sessions.calls.map((c) => c.body)).toEqual([{ ...WHOLE, cohort: 'entered', page: 1, limit: 10 }]);
    await answerAll(s);
    expect(context(s).funnel?.name).toBe('Checkout');
    expect(context(s).issues?.issues).toHaveLength(2);
    expect(context(s).sessions?.total).toBe(2);
  });

  it('starts on the span it is given', () => {
    const s = start({ firstStage: 2, lastStage: 3 });
    expect(s.issues.last().body).toEqual({ ...WHOLE, firstStage: 2, lastStage: 3 });
  });

  it('picking two stages makes them the span and re-fetches issues, insights (as a refresh) and sessions', async () => {
    const s = start();
    await answerAll(s);
    s.actor.send({ type: 'PICK_STAGE', stage: 3 });
    expect(context(s).picked).toEqual([3]);
    expect(s.insights.calls).toHaveLength(1);
    expect(s.issues.calls).toHaveLength(1);
    s.actor.send({ type: 'PICK_STAGE', stage: 2 });
    expect(context(s).span).toEqual({ firstStage: 2, lastStage: 3 });
    expect(context(s).picked).toEqual([]);
    const spanBody = { ...WHOLE, firstStage: 2, lastStage: 3 };
    expect(s.insights.last().body).toEqual(spanBody);
    expect(s.issues.last().body).toEqual(spanBody);
    expect(s.sessions.last().body).toEqual({ ...spanBody, cohort: 'entered', page: 1, limit: 10 });
    expect([s.insights.calls.length, s.issues.calls.length, s.sessions.calls.length]).toEqual([2, 2, 2]);
    // The old figures stay while the insights refresh.
    expect(matches(s, { insights: 'loading' })).toBe(true);
    expect(context(s).funnel?.conversions).toBe(88);
    s.insights.last().resolve(funnel({ conversions: 70, firstStage: 2, lastStage: 3 }));
    await waitFor(s.actor, (snap) => snap.matches({ insights: 'ready' }));
    expect(context(s).funnel?.conversions).toBe(70);
  });

  it('picking the same stage again unpicks it; a stage the funnel lacks is ignored', async () => {
    const s = start();
    await answerAll(s);
    s.actor.send({ type: 'PICK_STAGE', stage: 2 });
    s.actor.send({ type: 'PICK_STAGE', stage: 2 });
    expect(context(s).picked).toEqual([]);
    s.actor.send({ type: 'PICK_STAGE', stage: 4 });
    s.actor.send({ type: 'PICK_STAGE', stage: 0 });
    expect(context(s).picked).toEqual([]);
    expect(s.issues.calls).toHaveLength(1);
  });

  it('clearing the selection re-fetches everything over the whole funnel', async () => {
    const s = start({ firstStage: 1, lastStage: 2 });
    await answerAll(s);
    s.actor.send({ type: 'PICK_STAGE', stage: 3 });
    s.actor.send({ type: 'CLEAR_STAGES' });
    expect(context(s)).toMatchObject({ span: null, picked: [] });
    expect(s.insights.last().body).toEqual(WHOLE);
    expect(s.issues.last().body).toEqual(WHOLE);
    expect(s.sessions.last().body).toEqual({ ...WHOLE, cohort: 'entered', page: 1, limit: 10 });
    expect(s.issues.calls).toHaveLength(2);
  });

  it('clearing a single pick, with no span applied, fetches nothing', async () => {
    const s = start();
    await answerAll(s);
    s.actor.send({ type: 'PICK_STAGE', stage: 1 });
    s.actor.send({ type: 'CLEAR_STAGES' });
    expect(context(s).picked).toEqual([]);
    expect([s.insights.calls.length, s.issues.calls.length, s.sessions.calls.length]).toEqual([1, 1, 1]);
  });

  it('a new range re-fetches all three, keeping the span and going back to the first page', async () => {
    const s = start({ firstStage: 1, lastStage: 2 });
    await answerAll(s);
    s.actor.send({ type: 'SET_SESSIONS_PAGE', page: 3 });
    s.actor.send({ type: 'SET_RANGE', range: MONTH });
    const body = { rangeValue: 'LAST_30_DAYS', startDate: 500, endDate: 2_000, firstStage: 1, lastStage: 2 };
    expect(s.insights.last().body).toEqual(body);
    expect(s.issues.last().body).toEqual(body);
    expect(s.sessions.last().body).toEqual({ ...body, cohort: 'entered', page: 1, limit: 10 });
    expect([s.insights.calls.length, s.issues.calls.length, s.sessions.calls.length]).toEqual([2, 2, 3]);
  });

  it('the cohort, the page and a clicked number re-fetch the sessions only', async () => {
    const s = start();
    await answerAll(s);
    s.actor.send({ type: 'SET_COHORT', cohort: 'dropped' });
    expect(s.sessions.last().body).toMatchObject({ cohort: 'dropped', page: 1 });
    s.actor.send({ type: 'SET_SESSIONS_PAGE', page: 2 });
    expect(s.sessions.last().body).toMatchObject({ cohort: 'dropped', page: 2 });
    // The drop between steps 2 and 3.
    s.actor.send({ type: 'SHOW_SESSIONS', cohort: 'dropped', span: { firstStage: 2, lastStage: 3 } });
    expect(s.sessions.last().body).toEqual({ ...WHOLE, firstStage: 2, lastStage: 3, cohort: 'dropped', page: 1, limit: 10 });
    s.actor.send({ type: 'SHOW_SPAN_SESSIONS' });
    expect(s.sessions.last().body).toEqual({ ...WHOLE, cohort: 'dropped', page: 1, limit: 10 });
    expect([s.insights.calls.length, s.issues.calls.length, s.sessions.calls.length]).toEqual([1, 1, 5]);
  });

  it('drops a late answer to an older request', async () => {
    const s = start();
    await answerAll(s);
    s.actor.send({ type: 'SET_COHORT', cohort: 'converted' });
    const older = s.sessions.last();
    s.actor.send({ type: 'SET_COHORT', cohort: 'dropped' });
    s.sessions.last().resolve(sessionsAnswer(1, 1));
    await waitFor(s.actor, (snap) => snap.matches({ sessions: 'ready' }));
    older.resolve(sessionsAnswer(7, 7));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(context(s).sessions?.total).toBe(1);
  });

  it('tells a missing funnel from a failed load, part by part, and retries the part that failed', async () => {
    const s = start();
    s.insights.last().reject(new ApiError(404, ['Funnel not found']));
    s.issues.last().reject(new ApiError(500, ['Database is down']));
    s.sessions.last().resolve(sessionsAnswer());
    await waitFor(s.actor, (snap) => snap.matches({ insights: 'failed', issues: 'failed', sessions: 'ready' }));
    expect(context(s).insightsFailure).toEqual({ notFound: true, message: 'Funnel not found' });
    expect(context(s).issuesFailure).toEqual({ notFound: false, message: 'Database is down' });
    s.actor.send({ type: 'RETRY_ISSUES' });
    expect(s.issues.calls).toHaveLength(2);
    expect(s.insights.calls).toHaveLength(1);
    s.issues.last().resolve(issuesAnswer());
    await waitFor(s.actor, (snap) => snap.matches({ issues: 'ready' }));
    expect(context(s).issuesFailure).toBeNull();
  });

  it('keeps the figures when the funnel is renamed', async () => {
    const s = start();
    await answerAll(s);
    s.actor.send({ type: 'FUNNEL_CHANGED', change: { name: 'Paying', isPublic: true } });
    expect(context(s).funnel).toMatchObject({ name: 'Paying', isPublic: true, conversions: 88 });
    expect(s.insights.calls).toHaveLength(1);
  });

  describe('with the filter editor', () => {
    afterEach(() => vi.useRealTimers());
    const saved = funnel().filter;
    const step = (value: string) => ({ type: 'LOCATION', operator: 'is', value: [value], isEvent: true });
    const withBrowser: FunnelFilter = { ...saved, filters: [{ type: 'USERBROWSER', operator: 'is', value: ['Firefox'], isEvent: false }] };
    const calls = (s: Started) => [s.insights.calls.length, s.issues.calls.length, s.sessions.calls.length];

    it('re-fetches insights, issues and sessions over the edited filter once it has settled, a burst of changes costing one round', async () => {
      vi.useFakeTimers();
      const s = start({ firstStage: 1, lastStage: 2 });
      await answerAll(s);
      s.actor.send({ type: 'SET_SESSIONS_PAGE', page: 2 });
      s.actor.send({ type: 'SET_FILTER', filter: { ...saved, events: [...saved.events, step('/thanks')] } });
      vi.advanceTimersByTime(FUNNEL_FILTER_REFETCH_MS - 1);
      s.actor.send({ type: 'SET_FILTER', filter: withBrowser });
      vi.advanceTimersByTime(FUNNEL_FILTER_REFETCH_MS - 1);
      expect(calls(s)).toEqual([1, 1, 2]);
      vi.advanceTimersByTime(1);
      expect(calls(s)).toEqual([2, 2, 3]);
      const body = { ...WHOLE, firstStage: 1, lastStage: 2, filter: withBrowser };
      expect(s.insights.last().body).toEqual(body);
      expect(s.issues.last().body).toEqual(body);
      expect(s.sessions.last().body).toEqual({ ...body, cohort: 'entered', page: 1, limit: 10 });
      expect(context(s).edited).toEqual(withBrowser);
      // The span, the range and the stages keep asking over the edit.
      s.actor.send({ type: 'CLEAR_STAGES' });
      expect(s.issues.last().body).toEqual({ ...WHOLE, filter: withBrowser });
    });

    it('keeps the span while the edited steps hold it, lets it go when they do not, and picks among the edited steps', async () => {
      vi.useFakeTimers();
      const s = start({ firstStage: 2, lastStage: 3 });
      await answerAll(s);
      s.actor.send({ type: 'SET_FILTER', filter: { ...saved, events: [...saved.events, step('/thanks')] } });
      expect(context(s).span).toEqual({ firstStage: 2, lastStage: 3 });
      s.actor.send({ type: 'PICK_STAGE', stage: 4 });
      expect(context(s).picked).toEqual([4]);
      s.actor.send({ type: 'SET_FILTER', filter: { ...saved, events: saved.events.slice(0, 2) } });
      expect(context(s)).toMatchObject({ span: null, picked: [] });
      vi.advanceTimersByTime(FUNNEL_FILTER_REFETCH_MS);
      expect(s.issues.last().body).toEqual({ ...WHOLE, filter: { ...saved, events: saved.events.slice(0, 2) } });
      s.actor.send({ type: 'PICK_STAGE', stage: 3 });
      expect(context(s).picked).toEqual([]);
    });

    it('asks nothing while the edit has no step, and the saved filter again when the edit is discarded', async () => {
      vi.useFakeTimers();
      const s = start();
      await answerAll(s);
      s.actor.send({ type: 'SET_FILTER', filter: { ...saved, events: [] } });
      vi.advanceTimersByTime(FUNNEL_FILTER_REFETCH_MS);
      expect(calls(s)).toEqual([1, 1, 1]);
      s.actor.send({ type: 'DISCARD_FILTER' });
      expect(context(s).edited).toBeNull();
      vi.advanceTimersByTime(FUNNEL_FILTER_REFETCH_MS);
      expect(calls(s)).toEqual([2, 2, 2]);
      expect(s.insights.last().body).toEqual(WHOLE);
    });

    it('takes the saved funnel after Modify, and keeps an edit made while saving', async () => {
      vi.useFakeTimers();
      const s = start();
      await answerAll(s);
      s.actor.send({ type: 'SET_FILTER', filter: withBrowser });
      vi.advanceTimersByTime(FUNNEL_FILTER_REFETCH_MS);
      const edit = context(s).edited!;
      s.actor.send({ type: 'FUNNEL_SAVED', filter: edit, funnel: funnel({ name: 'Firefox checkout', filter: withBrowser, conversions: 50 }) });
      expect(context(s).edited).toBeNull();
      expect(context(s).funnel).toMatchObject({ name: 'Firefox checkout', filter: withBrowser, conversions: 50 });
      // From now on the saved filter is the one asked over.
      s.actor.send({ type: 'SET_RANGE', range: MONTH });
      expect(s.issues.last().body).not.toHaveProperty('filter');

      const newer = { ...withBrowser, filters: [] };
      s.actor.send({ type: 'SET_FILTER', filter: withBrowser });
      const saving = context(s).edited!;
      s.actor.send({ type: 'SET_FILTER', filter: newer });
      s.actor.send({ type: 'FUNNEL_SAVED', filter: saving, funnel: funnel({ name: 'Saved', filter: withBrowser, conversions: 10 }) });
      expect(context(s).edited).toBe(newer);
      expect(context(s).funnel).toMatchObject({ name: 'Saved', filter: withBrowser, conversions: 50 });
    });
  });
});
