import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import type { Funnel, FunnelIssue, FunnelIssuesAnswer, FunnelIssuesSessionsAnswer, FunnelSessionsAnswer } from '../../shared/funnel.js';
import { CHECKOUT_FILTER, PAY_ERROR, recordCheckoutProject, SIDEBAR_ERROR, type CheckoutSessions } from '../../testing/checkout-project.js';
import { createFunnelsTestKernel, type FunnelsTestKernel } from '../../testing/funnels-test-kernel.js';
import { issueIdOf } from '../figures/issue-id.js';

/**
 * The checkout project (testing/checkout-project.ts), worked out by hand:
 *
 *              sessions  users   reached /home, /cart, /checkout
 * smooth          10       5     ✓ ✓ ✓
 * payErrorDropped  6       6     ✓ ✓ ·   pay error after /cart
 * payErrorConverted 2      2     ✓ ✓ ✓   pay error between /home and /cart
 * bounced          2       2     ✓ · ·
 * outside          1       1     · ✓ ✓   (never /home: not in the funnel)
 * lateError        1       1     ✓ ✓ ✓   an error after /checkout (affects no stage)
 * sidebarError     2       2     ✓ ✓ ✓   sidebar error between /home and /cart
 *
 * Stages: 23 / 21 / 15 sessions, 18 / 16 / 10 users.
 * The sessions processors raise a js_exception issue for every error, and a crash for the
 * pay errors that end a session (payErrorDropped; lateError's is after checkout).
 * Whole funnel, three issues:
 * - the pay error affects 8 sessions (2 convert); the 15 others convert 13. Fisher (an expected
 *   count is 2.8): p = 0.006243, second smallest of three, Holm 0.01249: critical. Lost
 *   round(8 × 13/15 − 2) = 5, 5/23 = 21.7 %;
 * - the crash affects 6 (none convert); the 17 others convert 15: p = 0.000277, Holm 0.000832,
 *   critical; lost round(6 × 15/17) = 5;
 * - the sidebar error's 2 sessions both convert: not critical, nothing lost.
 * Together the critical issues affect 8 sessions (the crashed ones are among the pay error's),
 * 2 of them convert; the other 15 convert 13: lost round(8 × 13/15 − 2) = 5, 21.7 %.
 * Stages 2→3: 21 entered, 15 converted; the pay error and the crash affect the 6 that dropped
 * (the other errors came before /cart): lost round(6 × 15/15 − 0) = 6 each, 6/21 = 28.6 %.
 */
describe('funnel figures on a known project', () => {
  let t: FunnelsTestKernel;
  let projectId: number;
  let owner: TestUser;
  let ids: CheckoutSessions;
  let funnel: Funnel;
  /** Two days ago: inside the default past 7 days. */
  const startedAt = Date.now() - 2 * 86_400_000;
  const everything = { startDate: startedAt - 60_000, endDate: startedAt + 3_600_000 };
  const payIssueId = issueIdOf({ type: 'js_exception', contextString: PAY_ERROR });

  beforeAll(async () => {
    t = await createFunnelsTestKernel();
    let tenantId: number;
    ({ tenantId, projectId, owner } = await t.createTenant());
    ids = await recordCheckoutProject(t, projectId, tenantId, startedAt);
    const res = await t.request('POST', `/api/${projectId}/funnels`, { token: owner.token, body: { name: 'Checkout', filter: CHECKOUT_FILTER } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    funnel = res.body.data;
  }, 60_000);
  afterAll(async () => t?.close());

  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const res = await t.request('POST', `/api/${projectId}/funnels/${funnel.funnelId}${path}`, { token: owner.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const get = async <T>(path: string): Promise<T> => {
    const res = await t.request('GET', `/api/${projectId}/funnels/${funnel.funnelId}${path}`, { token: owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const refusal = async (path: string, body: unknown): Promise<[number, string]> => {
    const res = await t.request('POST', `/api/${projectId}/funnels/${funnel.funnelId}${path}`, { token: owner.token, body });
    return [res.status, (res.body.errors ?? []).join(' | ')];
  };
  const sessionIds = (answer: FunnelSessionsAnswer) => answer.sessions.map((s) => s.sessionId);
  /** Newest first: the reverse of the recording order. */
  const newestFirst = (...groups: (keyof CheckoutSessions)[]) => groups.flatMap((g) => ids[g]).sort((a, b) => order(b) - order(a));
  const order = (sessionId: string) => Object.values(ids).flat().indexOf(sessionId);

  it('counts every stage: sessions, users, and the drop from the stage before', () => {
    expect(funnel.stages.map(({ sessionsCount, usersCount, dropCount, dropPercentage, label, header }) => ({ sessionsCount, usersCount, dropCount, dropPercentage, label, header }))).toEqual([
      { sessionsCount: 23, usersCount: 18, dropCount: 0, dropPercentage: 0, label: 'Step 1', header: 'Visited URL is /home' },
      { sessionsCount: 21, usersCount: 16, dropCount: 2, dropPercentage: 8.7, label: 'Step 2', header: 'Visited URL is /cart' },
      { sessionsCount: 15, usersCount: 10, dropCount: 6, dropPercentage: 28.6, label: 'Step 3', header: 'Visited URL is /checkout' },
    ]);
  });

  it("sums up the critical issues, each affected session once: 5 conversions lost of 23 sessions, the 8 affected sessions' users", () => {
    expect(funnel).toMatchObject({
      sessionsCount: 23,
      criticalIssuesCount: 2,
      lostConversions: 5,
      totalDropDueToIssues: 6,
      affectedUsers: 8,
      conversionImpact: 21.7,
      conversions: 78.3,
      firstStage: 1,
      lastStage: 3,
    });
  });

  it('reads the past 7 days by default, and the same figures through insights', async () => {
    const read = await get<Funnel>('');
    expect(read).toEqual(funnel);
    expect(await post<Funnel>('/insights', everything)).toEqual(funnel);
    expect(await post<Funnel>('', { rangeValue: 'LAST_7_DAYS' })).toEqual(funnel);
  });

  it('lists the issues with their counts and significance, critical first', async () => {
    const answer = await post<FunnelIssuesAnswer>('/issues', everything);
    expect(answer.firstStage).toBe(1);
    expect(answer.lastStage).toBe(3);
    expect(answer.issues).toEqual([
      {
        issueId: payIssueId,
        name: 'Errors',
        title: `Errors on "${PAY_ERROR}"`,
        type: 'js_exception',
        contextString: PAY_ERROR,
        affectedUsers: 8,
        affectedSessions: 8,
        unaffectedSessions: 15,
        lostConversions: 5,
        conversionImpact: 21.7,
        affectedConversion: 25,
        unaffectedConversion: 86.7,
        significance: { method: 'fisher', pValue: expect.closeTo(0.006243, 6), adjustedPValue: expect.closeTo(0.012486, 6), significant: true, confidenceInterval: { low: 19.7, high: 81.9 } },
      },
      {
        issueId: issueIdOf({ type: 'crash', contextString: PAY_ERROR }),
        name: 'Crashes',
        title: `Crashes on "${PAY_ERROR}"`,
        type: 'crash',
        contextString: PAY_ERROR,
        affectedUsers: 6,
        affectedSessions: 6,
        unaffectedSessions: 17,
        lostConversions: 5,
        conversionImpact: 21.7,
        affectedConversion: 0,
        unaffectedConversion: 88.2,
        significance: { method: 'fisher', pValue: expect.closeTo(0.000277, 6), adjustedPValue: expect.closeTo(0.000832, 6), significant: true, confidenceInterval: { low: 43.1, high: 96.7 } },
      },
      {
        issueId: issueIdOf({ type: 'js_exception', contextString: SIDEBAR_ERROR }),
        name: 'Errors',
        title: `Errors on "${SIDEBAR_ERROR}"`,
        type: 'js_exception',
        contextString: SIDEBAR_ERROR,
        affectedUsers: 2,
        affectedSessions: 2,
        unaffectedSessions: 21,
        lostConversions: 0,
        conversionImpact: 0,
        affectedConversion: 100,
        unaffectedConversion: 61.9,
        significance: { method: 'fisher', pValue: expect.closeTo(0.5257, 4), adjustedPValue: expect.closeTo(0.5257, 4), significant: false, confidenceInterval: { low: -59.1, high: 29.9 } },
      },
    ]);
    expect(await get<FunnelIssuesAnswer>('/issues')).toEqual(answer);
  });

  it('narrows the issues and the summary to two stages', async () => {
    const span = { ...everything, firstStage: 2, lastStage: 3 };
    const issues = await post<FunnelIssuesAnswer>('/issues', span);
    // As costly and as affected: in the order of their ids.
    expect(issues.issues.map(({ type, contextString, affectedSessions, lostConversions, conversionImpact }) => ({ type, contextString, affectedSessions, lostConversions, conversionImpact }))).toEqual([
      { type: 'crash', contextString: PAY_ERROR, affectedSessions: 6, lostConversions: 6, conversionImpact: 28.6 },
      { type: 'js_exception', contextString: PAY_ERROR, affectedSessions: 6, lostConversions: 6, conversionImpact: 28.6 },
    ]);
    expect(issues.issues.map((i) => i.significance.significant)).toEqual([true, true]);
    const insights = await post<Funnel>('/insights', span);
    // Every stage, whatever the span.
    expect(insights.stages.map((s) => s.sessionsCount)).toEqual([23, 21, 15]);
    expect(insights).toMatchObject({ sessionsCount: 21, criticalIssuesCount: 2, lostConversions: 6, totalDropDueToIssues: 6, affectedUsers: 6, conversionImpact: 28.6, conversions: 71.4, firstStage: 2, lastStage: 3 });
  });

  it('counts only the sessions of the range, and of the extra attributes asked', async () => {
    // The first ten sessions are the smooth ones.
    const smoothOnly = await post<Funnel>('/insights', { startDate: startedAt, endDate: startedAt + 9 * 60_000 });
    expect(smoothOnly.stages.map((s) => s.sessionsCount)).toEqual([10, 10, 10]);
    expect(smoothOnly).toMatchObject({ criticalIssuesCount: 0, lostConversions: 0, conversions: 100 });
    const before = await post<Funnel>('/insights', { startDate: startedAt - 3_600_000, endDate: startedAt - 1 });
    expect(before.stages.map((s) => s.sessionsCount)).toEqual([0, 0, 0]);
    const oneUser = await post<Funnel>('/insights', { ...everything, filters: [{ type: 'USERID', operator: 'is', value: ['smooth-user-0@shop.test'] }] });
    expect(oneUser.stages.map((s) => [s.sessionsCount, s.usersCount])).toEqual([
      [2, 1],
      [2, 1],
      [2, 1],
    ]);
  });

  it('lists the sessions behind the numbers: entered, converted, dropped, a page at a time', async () => {
    const entered = await post<FunnelSessionsAnswer>('/sessions', { ...everything, limit: 50 });
    expect(entered.total).toBe(23);
    expect(sessionIds(entered)).toEqual(newestFirst('smooth', 'payErrorDropped', 'payErrorConverted', 'bounced', 'lateError', 'sidebarError'));
    expect(entered.sessions[0]).toMatchObject({ projectId, userId: `sidebarError-user-1@shop.test`, viewed: false, favorite: false });
    const converted = await post<FunnelSessionsAnswer>('/sessions', { ...everything, cohort: 'converted', limit: 50 });
    expect({ total: converted.total, ids: sessionIds(converted) }).toEqual({ total: 15, ids: newestFirst('smooth', 'payErrorConverted', 'lateError', 'sidebarError') });
    const dropped = await post<FunnelSessionsAnswer>('/sessions', { ...everything, cohort: 'dropped', limit: 50 });
    expect({ total: dropped.total, ids: sessionIds(dropped) }).toEqual({ total: 8, ids: newestFirst('payErrorDropped', 'bounced') });
    // Pages of 10 by default.
    const first = await get<FunnelSessionsAnswer>('/sessions');
    expect({ total: first.total, ids: sessionIds(first) }).toEqual({ total: 23, ids: sessionIds(entered).slice(0, 10) });
    const third = await post<FunnelSessionsAnswer>('/sessions', { ...everything, page: 3 });
    expect(sessionIds(third)).toEqual(sessionIds(entered).slice(20));
    const span = await post<FunnelSessionsAnswer>('/sessions', { ...everything, firstStage: 2, lastStage: 3, cohort: 'dropped' });
    expect(sessionIds(span)).toEqual(newestFirst('payErrorDropped'));
  });

  it('lists the sessions an issue affected, with the issue', async () => {
    const affected = await post<FunnelSessionsAnswer & { issue: FunnelIssue }>(`/issues/${payIssueId}/sessions`, { ...everything, limit: 50 });
    expect(affected.total).toBe(8);
    expect(sessionIds(affected)).toEqual(newestFirst('payErrorDropped', 'payErrorConverted'));
    expect(affected.issue).toMatchObject({ issueId: payIssueId, affectedSessions: 8, lostConversions: 5, significance: { significant: true } });
    const dropped = await post<FunnelSessionsAnswer & { issue: FunnelIssue }>(`/issues/${payIssueId}/sessions`, { ...everything, cohort: 'dropped', limit: 50 });
    expect(sessionIds(dropped)).toEqual(newestFirst('payErrorDropped'));
    const inSpan = await post<FunnelSessionsAnswer & { issue: FunnelIssue }>(`/issues/${payIssueId}/sessions`, { ...everything, firstStage: 2, lastStage: 3 });
    expect({ total: inSpan.total, affected: inSpan.issue.affectedSessions }).toEqual({ total: 6, affected: 6 });
  });

  it('answers 404 for an issue the span does not have, or an id that is no issue id', async () => {
    const sidebarIssueId = issueIdOf({ type: 'js_exception', contextString: SIDEBAR_ERROR });
    // The sidebar error came before /cart: not an issue of stages 2→3.
    expect(await refusal(`/issues/${sidebarIssueId}/sessions`, { ...everything, firstStage: 2, lastStage: 3 })).toEqual([404, 'Issue not found in this funnel']);
    expect(await refusal(`/issues/${issueIdOf({ type: 'click_rage', contextString: 'button#pay' })}/sessions`, everything)).toEqual([404, 'Issue not found in this funnel']);
    for (const bad of ['nope', 'js_exception.short', encodeURIComponent('../../x')]) {
      expect((await refusal(`/issues/${bad}/sessions`, everything))[0], bad).toBe(404);
    }
  });

  // The two critical issues overlap: the 6 crashed sessions are among the pay error's 8.
  it("lists the sessions any of the critical issues affected, each once: the summary's affected users and lost conversions", async () => {
    const crashIssueId = issueIdOf({ type: 'crash', contextString: PAY_ERROR });
    const critical = [crashIssueId, payIssueId];
    const affected = await post<FunnelIssuesSessionsAnswer>('/issues/sessions', { ...everything, issueIds: critical, limit: 50 });
    expect({ total: affected.total, ids: sessionIds(affected) }).toEqual({ total: 8, ids: newestFirst('payErrorDropped', 'payErrorConverted') });
    // In the issues list's order, whatever the order asked.
    expect(affected.issues.map((i) => i.issueId)).toEqual([payIssueId, crashIssueId]);
    // As many users as the summary's affected users; the dropped ones are the sessions its lost conversions are among.
    expect(new Set(affected.sessions.map((s) => s.userId)).size).toBe(funnel.affectedUsers);
    const dropped = await post<FunnelIssuesSessionsAnswer>('/issues/sessions', { ...everything, issueIds: critical, cohort: 'dropped', limit: 50 });
    expect({ total: dropped.total, ids: sessionIds(dropped) }).toEqual({ total: funnel.totalDropDueToIssues, ids: newestFirst('payErrorDropped') });
    // Pages of 10 by default, and an id asked twice counts once.
    const second = await post<FunnelIssuesSessionsAnswer>('/issues/sessions', { ...everything, issueIds: [...critical, payIssueId], page: 2, limit: 5 });
    expect({ total: second.total, ids: sessionIds(second) }).toEqual({ total: 8, ids: sessionIds(affected).slice(5) });
    // With the sidebar error (before /cart, both converted): 10 sessions.
    const sidebarIssueId = issueIdOf({ type: 'js_exception', contextString: SIDEBAR_ERROR });
    const three = await post<FunnelIssuesSessionsAnswer>('/issues/sessions', { ...everything, issueIds: [...critical, sidebarIssueId], cohort: 'converted', limit: 50 });
    expect({ total: three.total, ids: sessionIds(three) }).toEqual({ total: 4, ids: newestFirst('payErrorConverted', 'sidebarError') });
    // Over stages 2 → 3 the two still overlap on the 6 that dropped.
    const inSpan = await post<FunnelIssuesSessionsAnswer>('/issues/sessions', { ...everything, firstStage: 2, lastStage: 3, issueIds: critical });
    expect(inSpan.total).toBe(6);
  });

  it('answers 404 when one of the issues is not in the span, 400 for no issue at all', async () => {
    const sidebarIssueId = issueIdOf({ type: 'js_exception', contextString: SIDEBAR_ERROR });
    expect(await refusal('/issues/sessions', { ...everything, firstStage: 2, lastStage: 3, issueIds: [payIssueId, sidebarIssueId] })).toEqual([404, 'Issue not found in this funnel']);
    expect((await refusal('/issues/sessions', { ...everything, issueIds: [payIssueId, 'nope'] }))[0]).toBe(404);
    expect((await refusal('/issues/sessions', { ...everything, issueIds: [] }))[0]).toBe(400);
    expect((await refusal('/issues/sessions', everything))[0]).toBe(400);
    expect((await refusal('/issues/sessions', { ...everything, issueIds: [payIssueId], cohort: 'lost' }))[0]).toBe(400);
  });

  it('gives a one-step funnel its stage, no issues, and its entrants as converted', async () => {
    const res = await t.request('POST', `/api/${projectId}/funnels`, { token: owner.token, body: { name: 'Cart', filter: { events: [{ type: 'LOCATION', operator: 'is', value: ['/cart'] }] } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const cart: Funnel = res.body.data;
    // Everyone but the two who bounced from /home.
    expect(cart.stages.map((s) => [s.sessionsCount, s.usersCount, s.dropCount])).toEqual([[22, 17, 0]]);
    expect(cart).toMatchObject({ sessionsCount: 22, criticalIssuesCount: 0, lostConversions: 0, conversions: 100, firstStage: 1, lastStage: 1 });
    const path = `/api/${projectId}/funnels/${cart.funnelId}`;
    expect((await t.request('GET', `${path}/issues`, { token: owner.token })).body.data).toEqual({ issues: [], firstStage: 1, lastStage: 1 });
    const entered = (await t.request('POST', `${path}/sessions`, { token: owner.token, body: { limit: 50 } })).body.data as FunnelSessionsAnswer;
    const expected = newestFirst('smooth', 'payErrorDropped', 'payErrorConverted', 'outside', 'lateError', 'sidebarError');
    expect({ total: entered.total, ids: sessionIds(entered) }).toEqual({ total: 22, ids: expected });
    const converted = (await t.request('POST', `${path}/sessions`, { token: owner.token, body: { cohort: 'converted', page: 3 } })).body.data as FunnelSessionsAnswer;
    expect({ total: converted.total, ids: sessionIds(converted) }).toEqual({ total: 22, ids: expected.slice(20) });
    expect((await t.request('POST', `${path}/sessions`, { token: owner.token, body: { cohort: 'dropped' } })).body.data).toEqual({ sessions: [], total: 0 });
  });

  /** /cart then /checkout: 22 sessions reach the cart (the one from outside too), 16 of them check out; the 6 the pay error ended drop. */
  const cartToCheckout = { events: CHECKOUT_FILTER.events.slice(1), filters: [] };

  it("counts the page's edited steps and attributes instead of the saved ones, without saving them", async () => {
    const edited = await post<Funnel>('/insights', { ...everything, filter: cartToCheckout });
    expect(edited.stages.map((s) => [s.header, s.sessionsCount])).toEqual([
      ['Visited URL is /cart', 22],
      ['Visited URL is /checkout', 16],
    ]);
    expect(edited).toMatchObject({ stepsCount: 2, filter: cartToCheckout, sessionsCount: 22, firstStage: 1, lastStage: 2 });
    const issues = await post<FunnelIssuesAnswer>('/issues', { ...everything, filter: cartToCheckout });
    expect(issues.issues.find((i) => i.issueId === payIssueId)).toMatchObject({ affectedSessions: 6, affectedConversion: 0 });
    const dropped = await post<FunnelSessionsAnswer>('/sessions', { ...everything, filter: cartToCheckout, cohort: 'dropped', limit: 50 });
    expect({ total: dropped.total, ids: sessionIds(dropped) }).toEqual({ total: 6, ids: newestFirst('payErrorDropped') });
    const affected = await post<FunnelSessionsAnswer>(`/issues/${payIssueId}/sessions`, { ...everything, filter: cartToCheckout, limit: 50 });
    expect(affected.total).toBe(6);
    // Edited attributes replace the saved ones; the body's `filters` still come on top.
    const oneUser = { ...CHECKOUT_FILTER, filters: [{ type: 'USERID', operator: 'is', value: ['smooth-user-0@shop.test'] }] };
    expect((await post<Funnel>('/insights', { ...everything, filter: oneUser })).stages.map((s) => s.sessionsCount)).toEqual([2, 2, 2]);
    // A span over the edited steps; the saved funnel is as it was.
    expect(await refusal('/issues', { ...everything, filter: cartToCheckout, firstStage: 1, lastStage: 3 })).toEqual([400, "firstStage and lastStage must satisfy 1 <= firstStage < lastStage <= 2 (the funnel's steps); got 1 and 3."]);
    expect(await refusal('/insights', { filter: { events: [] } })).toEqual([400, 'A funnel needs at least one step: add an event (a visited URL, a click, an input or a custom event).']);
    expect((await refusal('/sessions', { filter: { events: [{ type: 'USEROS', operator: 'is', value: ['Linux'] }] } }))[0]).toBe(400);
    expect(await get<Funnel>('')).toEqual(funnel);
  });

  it('stores a filter changed with Modify and counts with it from then on', async () => {
    const res = await t.request('POST', `/api/${projectId}/funnels`, { token: owner.token, body: { name: 'To modify', filter: CHECKOUT_FILTER } });
    const copy: Funnel = res.body.data;
    const path = `/api/${projectId}/funnels/${copy.funnelId}`;
    const modified = await t.request('POST', path, { token: owner.token, body: { name: 'Modified', filter: cartToCheckout, ...everything } });
    expect(modified.status, JSON.stringify(modified.body)).toBe(200);
    expect(modified.body.data.stages.map((s: { sessionsCount: number }) => s.sessionsCount)).toEqual([22, 16]);
    const read = (await t.request('GET', path, { token: owner.token })).body.data as Funnel;
    expect(read).toMatchObject({ name: 'Modified', stepsCount: 2, filter: cartToCheckout });
    const insights = (await t.request('POST', `${path}/insights`, { token: owner.token, body: everything })).body.data as Funnel;
    expect(insights.stages.map((s) => s.sessionsCount)).toEqual([22, 16]);
    const dropped = (await t.request('POST', `${path}/sessions`, { token: owner.token, body: { ...everything, cohort: 'dropped' } })).body.data as FunnelSessionsAnswer;
    expect(dropped.total).toBe(6);
  });

  it('refuses a range or stages it cannot read, with what is allowed', async () => {
    expect(await refusal('/insights', { startDate: startedAt })).toEqual([400, 'Give both startDate and endDate (epoch milliseconds), or neither and a rangeValue.']);
    expect(await refusal('/insights', { startDate: startedAt, endDate: startedAt - 1 })).toEqual([400, 'startDate must not be after endDate.']);
    expect(await refusal('/issues', { rangeValue: 'CUSTOM_RANGE' })).toEqual([400, 'A CUSTOM_RANGE needs its startDate and endDate (epoch milliseconds).']);
    expect((await refusal('/insights', { rangeValue: 'FOREVER' }))[0]).toBe(400);
    expect(await refusal('/sessions', { firstStage: 2 })).toEqual([400, 'Give both firstStage and lastStage (1-based), or neither for the whole funnel.']);
    expect(await refusal('/issues', { firstStage: 3, lastStage: 2 })).toEqual([400, "firstStage and lastStage must satisfy 1 <= firstStage < lastStage <= 3 (the funnel's steps); got 3 and 2."]);
    expect((await refusal('/insights', { firstStage: 1, lastStage: 4 }))[0]).toBe(400);
    expect((await refusal('/sessions', { cohort: 'lost' }))[0]).toBe(400);
    expect((await refusal('/sessions', { limit: 51 }))[0]).toBe(400);
    expect((await refusal('/sessions', { page: 0 }))[0]).toBe(400);
    expect((await refusal('/insights', { filters: [{ type: 'PLATFORM', operator: 'is', value: ['toaster'] }] }))[0]).toBe(400);
  });
});
