import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecodedBatch, IngestProcessor, IngestSession, TrackerEvent } from '@cassette/plugin-ingest/api';
import { eventually } from '@cassette/plugin-ingest/testing';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import { createSessionsTestKernel, decodedBatch, ingestSession, type SessionsTestKernel } from '../../testing/ingest-stand-in.js';

const T0 = Date.UTC(2026, 10, 20, 10, 0, 0);
const RANGE = { startDate: T0 - 3_600_000, endDate: T0 + 86_400_000 };

describe('watchdog rules: routes, processing, search; rehydration jobs', () => {
  let t: SessionsTestKernel;
  let projectId: number;
  let tenantId: number;
  let owner: TestUser;
  let member: TestUser;
  let issues: IngestProcessor;
  let offset = 0;

  beforeAll(async () => {
    t = await createSessionsTestKernel();
    ({ projectId, tenantId, owner } = await t.createTenant());
    member = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
    issues = t.state.processors.find((p) => p.id === 'sessions.issues')!;
  });
  afterAll(async () => t?.close());

  const api = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, token = owner.token) => t.request(method, `/api/${projectId}${path}`, { token, ...(body === undefined ? {} : { body }) });

  /** A session recorded through the processors (batches kept as ingest keeps them), ended. */
  const record = async (events: (at: number) => TrackerEvent[], overrides: Partial<IngestSession> = {}) => {
    offset += 1;
    const s = ingestSession(projectId, tenantId, { startedAt: T0 + offset * 60_000, ...overrides });
    const batch: DecodedBatch = decodedBatch(s, 0, events(s.startedAt));
    t.state.stored.set(`${s.sessionId}:0`, batch);
    await t.started(s);
    await t.batch(s, batch);
    await issues.batch!(s, batch, t.ctx);
    await t.ended(s, { endedAt: s.startedAt + 30_000, batches: 1, reason: 'final' });
    return s.sessionId;
  };
  const checkoutFailed = (start: number): TrackerEvent[] => [
    { type: 'page', ts: start + 10, url: 'https://shop.example.test/checkout', referrer: '', title: 'Checkout' },
    { type: 'custom', ts: start + 500, name: 'checkout_failed' },
  ];
  const search = async (value: string[]) => {
    const res = await api('POST', '/sessions/search2', { ...RANGE, filters: [{ type: 'ISSUE', operator: 'is', value }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.sessions.map((s: { sessionId: string }) => s.sessionId) as string[];
  };
  const create = async (body: Record<string, unknown>) => {
    const res = await api('POST', '/watchdogs', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  it('creates, lists, changes and deletes rules; members read them, only admins change them', async () => {
    const rule = await create({ name: ' Failed checkouts ', ruleId: 'custom_event', ruleConfig: { value: ' checkout_failed ' }, icon: 'cart' });
    expect(rule).toMatchObject({
      projectId,
      name: 'Failed checkouts',
      type: 'event',
      icon: 'cart',
      ruleId: 'custom_event',
      ruleConfig: { value: 'checkout_failed' },
      enabled: true,
      visible: true,
      payload: { captureAll: true, rate: 100 },
    });
    const slow = await create({ name: 'Slow pages', ruleId: 'page_load_time', ruleConfig: { value: '2500' } });
    expect(slow).toMatchObject({ type: 'threshold', icon: 'bell', ruleConfig: { value: 2500 } });

    const listed = await api('GET', '/watchdogs', undefined, member.token);
    expect(listed.body.data.map((w: { name: string }) => w.name)).toEqual(['Failed checkouts', 'Slow pages']);
    expect((await api('POST', '/watchdogs', { name: 'x', ruleId: 'custom_event', ruleConfig: { value: 'y' } }, member.token)).status).toBe(403);

    const changed = await api('POST', `/watchdogs/${slow.watchdogId}`, { visible: false, payload: { captureAll: false, rate: 30 } });
    expect(changed.body.data).toMatchObject({ name: 'Slow pages', visible: false, payload: { captureAll: false, rate: 30 }, ruleConfig: { value: 2500 } });
    expect((await api('DELETE', `/watchdogs/${slow.watchdogId}`)).body.data).toEqual({ deleted: true });
    const gone = await api('DELETE', `/watchdogs/${slow.watchdogId}`);
    expect(gone.status).toBe(404);
    expect(gone.body.errors[0]).toMatch(/^Watchdog rule not found/);
    await api('DELETE', `/watchdogs/${rule.watchdogId}`);
  });

  it('refuses invalid rules with each rule\'s message, storing nothing', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const res = await api('POST', '/watchdogs', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      return res.body.errors[0] as string;
    };
    expect(await refused({ ruleId: 'custom_event', ruleConfig: { value: 'a' } })).toBe('Give the rule a name.');
    expect(await refused({ name: '  ', ruleId: 'custom_event', ruleConfig: { value: 'a' } })).toBe('Give the rule a name.');
    expect(await refused({ name: 'No rule', ruleConfig: { value: 'a' } })).toBe('Choose what the rule watches.');
    expect(await refused({ name: 'Bad rule', ruleId: 'mind_reading', ruleConfig: { value: 'a' } })).toMatch(/^Unknown rule "mind_reading"/);
    expect(await refused({ name: 'No value', ruleId: 'page_url', ruleConfig: { value: '' } })).toBe('Enter the url text the rule looks for.');
    expect(await refused({ name: 'Bad threshold', ruleId: 'cpu_load', ruleConfig: { value: 150 } })).toBe('Enter a threshold greater than 0 and at most 100 (percent).');
    expect(await refused({ name: 'Infinite', ruleId: 'request_duration', ruleConfig: { value: '1e400' } })).toMatch(/^Enter a threshold/);
    expect(await refused({ name: 'Icon', ruleId: 'custom_event', ruleConfig: { value: 'a' }, icon: 'skull' })).toMatch(/^Choose one of the icons/);
    expect(await refused({ name: 'Kind', ruleId: 'custom_event', ruleConfig: { value: 'a' }, type: 'threshold' })).toBe('The rule "custom_event" watches an event: send type "event" or leave type out.');
    expect(await refused({ name: 'Rate', ruleId: 'custom_event', ruleConfig: { value: 'a' }, payload: { rate: 101 } })).toEqual(expect.any(String));
    expect((await api('POST', '/watchdogs/2147483647', { enabled: false })).status).toBe(404);
    expect((await api('GET', '/watchdogs')).body.data).toEqual([]);
  });

  it('flags matching sessions as they are processed: their watchdogs, the ISSUE filter, the status and saved searches', async () => {
    const rule = await create({ name: 'Failed checkouts', ruleId: 'custom_event', ruleConfig: { value: 'checkout_failed' }, icon: 'cart' });
    const hidden = await create({ name: 'Checkout visits', ruleId: 'page_url', ruleConfig: { value: '/checkout' }, visible: false });
    const off = await create({ name: 'Disabled', ruleId: 'page_url', ruleConfig: { value: 'shop' }, enabled: false });
    const failed = await record(checkoutFailed);
    const quiet = await record((start) => [{ type: 'page', ts: start + 10, url: 'https://shop.example.test/', referrer: '', title: 'Home' }]);

    const detail = await api('GET', `/sessions2/${failed}`);
    expect(detail.body.data.watchdogs).toEqual([rule.watchdogId, hidden.watchdogId]);
    expect((await api('GET', `/sessions2/${quiet}`)).body.data.watchdogs).toEqual([]);
    expect(await search([`watchdog_${rule.watchdogId}`])).toEqual([failed]);
    expect(await search([`watchdog_${off.watchdogId}`])).toEqual([]);
    expect(await search([`watchdog_${rule.watchdogId}`, 'click_rage'])).toEqual([failed]);
    const bad = await api('POST', '/sessions/search2', { ...RANGE, filters: [{ type: 'ISSUE', operator: 'is', value: ['watchdog_x'] }] });
    expect(bad.status).toBe(400);

    const status = await api('GET', '/watchdogs/status', undefined, member.token);
    expect(status.body.data).toEqual({
      watchdogs: [
        { watchdogId: rule.watchdogId, key: `watchdog_${rule.watchdogId}`, name: 'Failed checkouts', icon: 'cart', visible: true },
        { watchdogId: hidden.watchdogId, key: `watchdog_${hidden.watchdogId}`, name: 'Checkout visits', icon: 'bell', visible: false },
      ],
      rehydrating: false,
    });

    const saved = await api('POST', '/saved_search', { name: 'Failures', filter: { filters: [{ type: 'ISSUE', operator: 'is', value: [`watchdog_${rule.watchdogId}`, 'click_rage'] }] } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.watchdogs).toEqual([rule.watchdogId]);
    const unknown = await api('POST', '/saved_search', { name: 'Stale', filter: { filters: [{ type: 'ISSUE', operator: 'is', value: ['watchdog_999999'] }] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatch(/names watchdog rule 999999, which this project does not have/);

    // Deleting a rule takes its hits away.
    await api('DELETE', `/watchdogs/${hidden.watchdogId}`);
    expect((await api('GET', `/sessions2/${failed}`)).body.data.watchdogs).toEqual([rule.watchdogId]);
    await api('DELETE', `/watchdogs/${rule.watchdogId}`);
    await api('DELETE', `/watchdogs/${off.watchdogId}`);
  });

  it('flags only the rate share of sessions when the rule does not capture all', async () => {
    const none = await create({ name: 'Nobody', ruleId: 'custom_event', ruleConfig: { value: 'checkout_failed' }, payload: { captureAll: false, rate: 0 } });
    const id = await record(checkoutFailed);
    expect((await api('GET', `/sessions2/${id}`)).body.data.watchdogs).toEqual([]);
    await api('DELETE', `/watchdogs/${none.watchdogId}`);
  });

  it('rehydration re-processes the ended sessions of a range with the current rules, with state, count and progress', async () => {
    // Sessions of the tests above start earlier: the ranges below leave them out.
    const from = T0 + (offset + 1) * 60_000;
    const before = await record(checkoutFailed);
    const otherUser = await record(checkoutFailed, { userId: 'bob@example.test' });
    const rule = await create({ name: 'Late rule', ruleId: 'custom_event', ruleConfig: { value: 'checkout_failed' } });
    expect(await search([`watchdog_${rule.watchdogId}`])).toEqual([]);

    const started = await api('POST', '/rehydrations', { name: 'Bob only', startTs: from, endTs: T0 + 86_400_000, userId: 'bob@example.test' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data).toMatchObject({ name: 'Bob only', userId: 'bob@example.test', sessionsCount: 1, createdBy: owner.id });
    const done = await eventually('the rehydration to finish', async () => {
      const res = await api('GET', `/rehydrations/${started.body.data.rehydrationId}`, undefined, member.token);
      return res.body.data.state === 'done' ? res.body.data : undefined;
    });
    expect(done).toMatchObject({ sessionsCount: 1, processedCount: 1, progress: 100 });
    expect(await search([`watchdog_${rule.watchdogId}`])).toEqual([otherUser]);

    const all = await api('POST', '/rehydrations', { name: 'Everything', startTs: from, endTs: T0 + 86_400_000 });
    await eventually('the second rehydration to finish', async () => ((await api('GET', `/rehydrations/${all.body.data.rehydrationId}`)).body.data.state === 'done' ? true : undefined));
    expect((await search([`watchdog_${rule.watchdogId}`])).sort()).toEqual([before, otherUser].sort());
    // Built-in issues are found again too, not doubled.
    const list = await api('GET', '/rehydrations', undefined, member.token);
    expect(list.body.data.map((j: { name: string; state: string }) => [j.name, j.state])).toEqual([
      ['Everything', 'done'],
      ['Bob only', 'done'],
    ]);
  });

  it('refuses invalid rehydrations with the rule\'s message, and members', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const res = await api('POST', '/rehydrations', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      return res.body.errors[0] as string;
    };
    expect(await refused({ startTs: T0, endTs: T0 + 3_600_000 })).toBe('Give the rehydration a name.');
    expect(await refused({ name: ' ', startTs: T0, endTs: T0 + 3_600_000 })).toBe('Give the rehydration a name.');
    expect(await refused({ name: 'Short', startTs: T0, endTs: T0 + 30_000 })).toBe('The time range must end at least 1 minute after it starts.');
    expect(await refused({ name: 'No range' })).toBe('Choose the start and the end of the time range.');
    expect(await refused({ name: 'Future', startTs: Date.now() + 3_600_000, endTs: Date.now() + 7_200_000 })).toMatch(/^The time range must start in the past/);
    expect((await api('POST', '/rehydrations', { name: 'x', startTs: T0, endTs: T0 + 3_600_000 }, member.token)).status).toBe(403);
    expect((await api('GET', '/rehydrations/2147483647')).status).toBe(404);
  });
});
