import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import type { IngestSession, TrackerEvent } from '@cassette/plugin-ingest/api';
import { sql } from '@cassette/plugin-sdk/server';
import { createSessionsTestKernel, decodedBatch, ingestSession, type SessionsTestKernel } from '../testing/ingest-stand-in.js';

const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);

describe('POST /api/:projectId/sessions/search2', () => {
  let t: SessionsTestKernel;
  let projectId: number;
  let tenantId: number;
  let owner: TestUser;
  const ids: Record<string, string> = {};

  // Issue types are set directly: which processor derives them is not this route's business.
  const seed = async (name: string, minute: number, issueTypes: string[], more: Partial<IngestSession> = {}, events: TrackerEvent[] = []): Promise<IngestSession> => {
    const startedAt = T0 + minute * 60_000;
    const s = ingestSession(projectId, tenantId, { sessionId: `tab-${name}-${projectId}`, startedAt, ...more });
    await t.started(s);
    if (events.length) await t.batch(s, decodedBatch(s, 0, events));
    await t.ctx.sql(sql`update sessions_sessions set issue_types = ${JSON.stringify(issueTypes)}::jsonb where session_id = ${s.sessionId}`);
    ids[name] = s.sessionId;
    return s;
  };

  beforeAll(async () => {
    t = await createSessionsTestKernel();
    ({ projectId, tenantId, owner } = await t.createTenant());
    await seed('quiet', 0, []);
    await seed('crash', 1, ['js_exception'], { metadata: { plan: 'pro' } });
    await seed('rage', 2, ['click_rage'], { browser: 'Firefox' }, [
      { type: 'page', ts: T0 + 2 * 60_000 + 1000, url: 'https://shop.example.test/checkout', referrer: '', title: 'Checkout' },
      { type: 'click', ts: T0 + 2 * 60_000 + 2000, selector: 'button#pay', label: 'Pay' },
    ]);
    await seed('both', 3, ['bad_request', 'click_rage']);
  });
  afterAll(async () => t?.close());

  const search = (body: unknown, token = owner.token) => t.request('POST', `/api/${projectId}/sessions/search2`, { token, body });
  const found = async (body: unknown, token = owner.token) => {
    const res = await search(body, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { ids: res.body.data.sessions.map((s: { sessionId: string }) => s.sessionId), total: res.body.data.total };
  };
  const refused = async (body: unknown): Promise<string> => {
    const res = await search(body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    return (res.body.errors as string[]).join(' | ');
  };

  describe('the list tabs', () => {
    it('filters by issue type (an ISSUE filter): any of the values', async () => {
      expect(await found({ filters: [{ type: 'ISSUE', operator: 'is', value: ['click_rage'] }] })).toEqual({ ids: [ids.both, ids.rage], total: 2 });
      expect((await found({ filters: [{ type: 'ISSUE', operator: 'is', value: ['js_exception', 'bad_request'] }] })).ids).toEqual([ids.both, ids.crash]);
      expect((await found({ filters: [{ type: 'ISSUE', operator: 'isNot', value: ['click_rage'] }] })).ids).toEqual([ids.crash, ids.quiet]);
      expect((await found({ filters: [{ type: 'ISSUE', operator: 'is', value: ['memory'] }] })).total).toBe(0);
      // Two ISSUE filters must both hold.
      expect(
        (await found({ filters: [{ type: 'ISSUE', operator: 'is', value: ['click_rage'] }, { type: 'ISSUE', operator: 'is', value: ['bad_request'] }] })).ids,
      ).toEqual([ids.both]);
      // An ISSUE filter without values is dropped, like every filter whose operator needs values.
      expect((await found({ filters: [{ type: 'ISSUE', operator: 'is', value: [] }] })).total).toBe(4);
    });

    it("lists only the caller's bookmarks with bookmarked: true", async () => {
      await t.ctx.sql(sql`insert into sessions_favorites (session_id, user_id, project_id) values (${ids.quiet}, ${owner.id}, ${projectId}), (${ids.rage}, ${owner.id}, ${projectId})`);
      expect(await found({ bookmarked: true })).toEqual({ ids: [ids.rage, ids.quiet], total: 2 });
      expect((await found({ bookmarked: true, filters: [{ type: 'ISSUE', operator: 'is', value: ['click_rage'] }] })).ids).toEqual([ids.rage]);
      expect((await found({ bookmarked: false })).total).toBe(4);
      const member = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
      expect(await found({ bookmarked: true }, member.token)).toEqual({ ids: [], total: 0 });
    });
  });

  describe('the search', () => {
    it('reads events, attributes, dates and durations, and pages the answer', async () => {
      expect((await found({ events: [{ type: 'LOCATION', operator: 'is', value: ['/checkout'] }, { type: 'CLICK', operator: 'on', value: ['Pay'] }] })).ids).toEqual([ids.rage]);
      expect((await found({ events: [{ type: 'CLICK', operator: 'on', value: ['Pay'] }, { type: 'LOCATION', operator: 'is', value: ['/checkout'] }] })).ids).toEqual([]);
      expect((await found({ filters: [{ type: 'USERBROWSER', operator: 'is', value: ['Chrome'] }] })).ids).toEqual([ids.both, ids.crash, ids.quiet]);
      expect((await found({ startDate: T0 + 60_000, endDate: T0 + 2 * 60_000 })).ids).toEqual([ids.rage, ids.crash]);
      expect((await found({ minDuration: 1000 })).ids).toEqual([ids.rage]);
      expect((await found({ minDuration: 0, maxDuration: 0 })).ids).toEqual([ids.both, ids.crash, ids.quiet]);
      const firstPage = await found({ limit: 3, sort: 'startTs', order: 'asc', filters: [{ type: 'USEROS', operator: 'is', value: ['Linux'] }] });
      expect(firstPage).toEqual({ ids: [ids.quiet, ids.crash, ids.rage], total: 4 });
    });

    it('breaks ties of the sort key by start time, newest first (spec part 2 §4)', async () => {
      const other = await t.createTenant();
      const started: Record<string, number> = { 'a-early': T0, 'b-late': T0 + 120_000, 'c-middle': T0 + 60_000 };
      for (const [name, startedAt] of Object.entries(started)) await t.started(ingestSession(other.projectId, other.tenantId, { sessionId: `tie-${name}-${other.projectId}`, startedAt }));
      const order = async (sort: string, direction: string) => {
        const res = await t.request('POST', `/api/${other.projectId}/sessions/search2`, { token: other.owner.token, body: { sort, order: direction } });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.data.sessions.map((s: { sessionId: string }) => s.sessionId.split('-').slice(1, 3).join('-'));
      };
      // Every duration and count is 0: the start time decides, whatever the direction of the key.
      expect(await order('duration', 'desc')).toEqual(['b-late', 'c-middle', 'a-early']);
      expect(await order('errorsCount', 'asc')).toEqual(['b-late', 'c-middle', 'a-early']);
    });

    it("searches the project's metadata keys by name", async () => {
      const added = await t.request('POST', `/api/${projectId}/metadata`, { token: owner.token, body: { key: 'plan' } });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect((await found({ filters: [{ type: 'plan', operator: 'is', value: ['pro'] }] })).ids).toEqual([ids.crash]);
      expect((await found({ filters: [{ type: 'METADATA', source: ['plan'], operator: 'isAny', value: [] }] })).ids).toEqual([ids.crash]);
      expect(await refused({ filters: [{ type: 'team', operator: 'is', value: ['red'] }] })).toMatch(/Unknown filter key "team".*project's metadata keys \(plan\)/);
    });

    it('keeps the fields a saved search carries for the UI', async () => {
      const body = {
        name: 'Checkout payers',
        groupByUser: false,
        custom: {},
        rangeValue: 'LAST_7_DAYS',
        eventsOrder: 'then',
        strict: false,
        events: [{ type: 'CLICK', key: 'CLICK', label: 'Click', category: 'Interactions', isEvent: true, operator: 'on', value: ['Pay'], filters: [] }],
        filters: [],
      };
      expect((await found(body)).ids).toEqual([ids.rage]);
    });
  });

  describe('bad input', () => {
    it('answers 400 naming the problem and what is allowed', async () => {
      expect(await refused({ filters: [{ type: 'NOPE', operator: 'is', value: ['x'] }] })).toMatch(/^filters\[0\]: Unknown filter key "NOPE"; use one of: CLICK, INPUT, LOCATION.*METADATA/);
      expect(await refused({ events: [{ type: 'LOCATION', operator: 'onSelector', value: ['#x'] }] })).toBe(
        'events[0]: Operator "onSelector" is not allowed for LOCATION; use one of: is, isNot, contains, notContains, startsWith, endsWith, isAny',
      );
      expect(await refused({ filters: [{ type: 'USERID', operator: 'after', value: ['x'] }] })).toMatch(/Operator "after" compares dates, and USERID holds no dates; use it on a metadata key that holds dates, or limit the session dates with startDate and endDate/);
      expect(await refused({ filters: [{ type: 'USEROS', operator: 'is', value: [42] }] })).toMatch(/the values of USEROS must be text; got 42/);
      expect(await refused({ events: [{ type: 'FETCH', filters: [{ type: 'FETCH_STATUS_CODE', operator: '>=', value: ['abc'] }] }] })).toMatch(
        /events\[0\]\.filters\[0\]: the values of FETCH_STATUS_CODE must be numbers; got "abc"/,
      );
      expect(await refused({ events: [{ type: 'FETCH', filters: [{ type: 'GRAPHQL_NAME', operator: 'is', value: ['x'] }] }] })).toMatch(/"GRAPHQL_NAME" is not a sub-filter of FETCH; use one of: FETCH_URL/);
      expect(await refused({ events: [{ type: 'FETCH_URL', operator: 'is', value: ['/x'] }] })).toMatch(/"FETCH_URL" is a sub-filter of FETCH; put it in the "filters" of a FETCH item/);
      expect(await refused({ events: [{ type: 'CLICK', operator: 'on', value: ['x'], filters: [{ type: 'FETCH_URL', value: ['x'] }] }] })).toMatch(/CLICK takes no sub-filters/);
      expect(await refused({ filters: [{ type: 'TTFB', operator: 'isAny', source: ['fast'] }] })).toMatch(/the threshold of TTFB \("source"\) must be a number in ms; got "fast"/);
      expect(await refused({ filters: [{ type: 'TTFB', operator: 'isAny', source: [100], sourceOperator: '!=' }] })).toMatch(/sourceOperator "!=" is not allowed for TTFB; use one of: >, >=, <, <=, =/);
      expect(await refused({ filters: [{ type: 'PLATFORM', operator: 'is', value: ['phone'] }] })).toMatch(/"phone" is not a PLATFORM option; use one of: desktop, mobile, tablet/);
      expect(await refused({ filters: [{ type: 'ISSUE', operator: 'is', value: ['no_such_issue'] }] })).toMatch(/Unknown issue type "no_such_issue" in an ISSUE filter; known types: click_rage/);
      expect(await refused({ filters: [{ type: 'ISSUE', operator: 'startsWith', value: ['click_rage'] }] })).toMatch(/Operator "startsWith" is not allowed for ISSUE; use one of: is, isNot, isAny, on, notOn/);
      expect(await refused({ filters: [{ type: 'DURATION', operator: 'is', value: [5000, 1000] }] })).toMatch(/the DURATION minimum \(5000 ms\) is greater than its maximum \(1000 ms\)/);
      expect(await refused({ filters: [{ type: 'METADATA', operator: 'is', value: ['x'] }] })).toMatch(/a METADATA filter needs the metadata key in "source"/);
      expect(await refused({ startDate: T0, endDate: T0 - 1 })).toBe('startDate is after endDate');
      expect(await refused({ minDuration: 5000, maxDuration: 10 })).toBe('minDuration is greater than maxDuration');
    });

    it('answers 400 for a body outside the schema', async () => {
      const tooMany = Array.from({ length: 51 }, () => ({ type: 'CLICK', operator: 'onAny' }));
      for (const [body, message] of [
        [{ events: 'CLICK' }, /events must be a array/],
        [{ events: tooMany }, /events must have at most 50 items/],
        [{ filters: tooMany }, /filters must have at most 50 items/],
        [{ filters: [{ operator: 'is' }] }, /filters\.0\.type is required/],
        [{ filters: [{ type: 'USEROS', value: Array.from({ length: 101 }, (_, i) => `v${i}`) }] }, /filters\.0\.value must have at most 100 items/],
        [{ filters: [{ type: 'USEROS', value: ['x'.repeat(1001)] }] }, /filters\.0\.value\.0 must be at most 1000 characters/],
        [{ events: [{ type: 'FETCH', filters: Array.from({ length: 21 }, () => ({ type: 'FETCH_URL' })) }] }, /events\.0\.filters must have at most 20 items/],
        [{ eventsOrder: 'xor' }, /eventsOrder has a value that is not allowed/],
        [{ strict: 'yes' }, /strict must be a boolean/],
        [{ startDate: -1 }, /startDate/],
        [{ maxDuration: 1.5 }, /maxDuration/],
        [{ sort: 'userId' }, /sort has a value that is not allowed/],
        [{ limit: 201 }, /limit must be at most 200/],
      ] as const) {
        expect(await refused(body), JSON.stringify(body).slice(0, 80)).toMatch(message);
      }
    });

    it('never fails on hostile text: it matches literally or is refused', async () => {
      const before = await t.ctx.sql<{ n: number }>(sql`select count(*)::int as n from sessions_sessions`);
      for (const hostile of ["' or 1=1 --", "'); drop table sessions_sessions; --", '%', '_', '\\', '$1', '?', '日本語 🙂']) {
        expect((await found({ filters: [{ type: 'USEROS', operator: 'is', value: [hostile] }] })).total).toBe(0);
        expect((await found({ events: [{ type: 'CLICK', operator: 'contains', value: [hostile] }] })).total).toBe(0);
        expect((await found({ filters: [{ type: 'METADATA', source: [hostile], operator: 'isAny' }] })).total).toBe(0);
        expect((await found({ events: [{ type: 'FETCH', filters: [{ type: 'FETCH_URL', operator: 'contains', value: [hostile] }] }] })).total).toBe(0);
        await refused({ filters: [{ type: hostile, operator: 'is', value: ['x'] }] });
        await refused({ filters: [{ type: 'TTFB', source: [hostile] }] });
        await refused({ filters: [{ type: 'TTFB', source: [1], sourceOperator: hostile }] });
        await refused({ startDate: hostile });
      }
      expect(await t.ctx.sql(sql`select count(*)::int as n from sessions_sessions`)).toEqual(before);
    });
  });

  describe('Developer Tools data', () => {
    // A member who may watch replays but not Developer Tools must not read a response body back one guess at a time.
    const bodyContains = (text: string) => ({ events: [{ type: 'FETCH', operator: 'isAny', value: [], filters: [{ type: 'FETCH_RESPONSE_BODY', operator: 'contains', value: [text] }] }] });

    beforeAll(async () => {
      await seed('api', 4, [], {}, [
        { type: 'request', ts: T0 + 4 * 60_000 + 1000, kind: 'fetch', url: 'https://shop.example.test/api/me', method: 'GET', status: 200, duration: 12, responseBody: '{"token":"s3cr3t"}' },
      ]);
    });

    it('refuses a FETCH_RESPONSE_BODY filter to a member without DEV_TOOLS, naming the filter and the permission', async () => {
      const member = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
      const res = await search(bodyContains('s3cr'), member.token);
      expect(res.status).toBe(403);
      expect(res.body.errors).toEqual([
        'Not allowed: events[0]: the Network Request filter (FETCH, FETCH_RESPONSE_BODY) reads Developer Tools data, and your role lacks the Developer Tools permission. Please check with your admin.',
      ]);
      // A guess that matches nothing is refused the same way: the answer teaches nothing.
      expect((await search(bodyContains('no such text'), member.token)).status).toBe(403);
      for (const body of [
        { filters: [{ type: 'STATEACTION', operator: 'is', value: ['cart/add'] }] },
        { filters: [{ type: 'GRAPHQL', operator: 'isAny', value: [], filters: [{ type: 'GRAPHQL_RESPONSE_BODY', operator: 'contains', value: ['x'] }] }] },
        { events: [{ type: 'FETCH_FAILED', operator: 'isAny', value: [] }] },
        { filters: [{ type: 'AVG_CPU_LOAD', operator: 'isAny', source: [50], sourceOperator: '>=' }] },
      ]) {
        expect((await search(body, member.token)).status, JSON.stringify(body)).toBe(403);
      }
      // The rest of the search is theirs as before.
      expect((await found({ filters: [{ type: 'ISSUE', operator: 'is', value: ['click_rage'] }] }, member.token)).ids).toEqual([ids.both, ids.rage]);
    });

    it('refuses saving such a search too, since it could not run', async () => {
      const member = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
      const res = await t.request('POST', `/api/${projectId}/saved_search`, { token: member.token, body: { name: 'Bodies', filter: bodyContains('s3cr') } });
      expect(res.status, JSON.stringify(res.body)).toBe(403);
    });

    it('answers a member holding DEV_TOOLS, and admins', async () => {
      const member = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY', 'DEV_TOOLS'] });
      expect((await found(bodyContains('s3cr'), member.token)).ids).toEqual([ids.api]);
      expect((await found(bodyContains('nope'), member.token)).ids).toEqual([]);
      expect((await found(bodyContains('s3cr'))).ids).toEqual([ids.api]);
    });
  });
});
