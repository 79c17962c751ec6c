import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel, type TestUser } from '@cassette/core/testing';
import ingestPlugin from '@cassette/plugin-ingest/server';
import sessionsPlugin from '@cassette/plugin-sessions/server';
import type { BatchRequest, StartRequest, TrackerEvent } from '@cassette/tracker/protocol';
import errorsPlugin from '../../plugins/errors/server.js';
import { startBody as trackerStartBodyOf } from '@cassette/plugin-ingest/testing';

/**
 * Text from the browser is arbitrary UTF-16: a title cut inside an emoji leaves a lone high
 * surrogate, a string cut at its start a lone low one. PostgreSQL (and PGlite) text and jsonb
 * hold only valid UTF-8, so such text must be stored with U+FFFD in place of the lone half,
 * and nothing else of the visit may be lost: the session is recorded, processed, searchable
 * by the damaged fields and replayable.
 */
const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const HIGH = '\uD83D';
const LOW = '\uDE00';
const FFFD = '\uFFFD';
/** What the database keeps of a text with lone surrogates. */
const stored = (text: string) => text.replaceAll(HIGH, FFFD).replaceAll(LOW, FFFD);

describe('lone UTF-16 surrogates from the browser', () => {
  let t: TestKernel;
  let owner: TestUser;
  let projectId: number;
  let projectKey: string;

  beforeAll(async () => {
    t = await createTestKernel({
      plugins: [ingestPlugin, sessionsPlugin, errorsPlugin],
      config: { plugins: [{ id: 'ingest', settings: { sweepEverySeconds: 3600 } }] },
    });
    ({ owner, projectId } = await t.createTenant());
    projectKey = (await t.request('GET', `/api/projects/${projectId}`, { token: owner.token })).body.data.projectKey;
  });
  afterAll(async () => t?.close());

  const db = () => t.kernel.resolve(coreServices.database);

  async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await t.kernel.app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'user-agent': CHROME_UA, 'content-type': 'application/json', ...headers } });
    return { status: res.statusCode, body: res.json() };
  }

  async function until<T>(what: string, probe: () => Promise<T | null | undefined>): Promise<T> {
    for (let i = 0; i < 300; i++) {
      const value = await probe();
      if (value) return value;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  const startBody = (extra: Partial<StartRequest>): StartRequest => trackerStartBodyOf(projectKey, extra);

  it.each([
    ['a lone high surrogate (a title cut inside an emoji)', `Shop ${HIGH}`],
    ['a lone low surrogate', `${LOW} Shop`],
  ])('starts a session whose title holds %s, and lists it with U+FFFD in its place', async (_what, title) => {
    const started = await post('/api/ingest/v1/start', startBody({ title }));
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { sessionId, token } = started.body.data as { sessionId: string; token: string };
    const now = Date.now();
    const batch: BatchRequest = { sessionId, seq: 0, sentAt: now, pageNo: 0, recording: [{ type: 3, timestamp: now, data: {} }], events: [{ type: 'click', ts: now, selector: 'a', label: 'A' }], final: true };
    expect((await post('/api/ingest/v1/batch', batch, { authorization: `Bearer ${token}` })).status).toBe(200);
    const row = await until('the session to end', async () => (await db().sql<{ page_title: string }>(sql`select page_title from sessions_sessions where session_id = ${sessionId} and ended_at is not null`))[0]);
    expect(row.page_title).toBe(stored(title));
  });

  it('starts a session with lone surrogates in every field of the start, and lists and finds it by them', async () => {
    const userId = `ada${HIGH}@example.test`;
    const started = await post(
      '/api/ingest/v1/start',
      startBody({
        url: `https://shop.example.test/caf${LOW}`,
        referrer: `https://search.example.test/?q=${HIGH}`,
        title: `Shop ${HIGH}`,
        timezone: `Europe/Paris${LOW}`,
        language: `fr${HIGH}`,
        userId,
        userAnonymousId: `anon${LOW}`,
        metadata: { [`plan${HIGH}`]: `pro${LOW}` },
        revId: `r1${HIGH}`,
      }),
    );
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { sessionId, token } = started.body.data as { sessionId: string; token: string };
    const now = Date.now();
    const batch: BatchRequest = { sessionId, seq: 0, sentAt: now, pageNo: 0, recording: [{ type: 3, timestamp: now, data: {} }], events: [{ type: 'click', ts: now, selector: 'a', label: 'A' }], final: true };
    expect((await post('/api/ingest/v1/batch', batch, { authorization: `Bearer ${token}` })).status).toBe(200);
    await until('the session to end', async () => (await db().sql(sql`select 1 from sessions_sessions where session_id = ${sessionId} and ended_at is not null`))[0]);

    const search = async (filters: unknown[]) => {
      const res = await t.request('POST', `/api/${projectId}/sessions/search2`, { token: owner.token, body: { filters } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.sessions;
    };
    const [listed] = await search([{ type: 'USERID', operator: 'is', value: [userId] }]);
    expect(listed).toMatchObject({ sessionId, userId: stored(userId), metadata: { [stored(`plan${HIGH}`)]: stored(`pro${LOW}`) } });
    expect((await search([{ type: 'USERANONYMOUSID', operator: 'is', value: [`anon${LOW}`] }])).map((s: { sessionId: string }) => s.sessionId)).toEqual([sessionId]);
    expect((await search([{ type: 'REVID', operator: 'is', value: [`r1${HIGH}`] }])).map((s: { sessionId: string }) => s.sessionId)).toEqual([sessionId]);
    expect((await search([{ type: 'METADATA', source: `plan${HIGH}`, operator: 'is', value: [`pro${LOW}`] }])).map((s: { sessionId: string }) => s.sessionId)).toEqual([sessionId]);
    const row = (await db().sql<Record<string, string>>(sql`select page_title, referrer, timezone, language from sessions_sessions where session_id = ${sessionId}`))[0];
    expect(row).toEqual({ page_title: stored(`Shop ${HIGH}`), referrer: stored(`https://search.example.test/?q=${HIGH}`), timezone: stored(`Europe/Paris${LOW}`), language: stored(`fr${HIGH}`) });
  });

  it('records, processes, searches and replays a visit with lone surrogates in every recorded field of a batch', async () => {
    const now = Date.now();
    const userId = `bob${LOW}@example.test`;
    const started = await post('/api/ingest/v1/start', startBody({ metadata: { tier: 'gold' }, revId: `r2${LOW}` }));
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { sessionId, token } = started.body.data as { sessionId: string; token: string };

    const stack = [`TypeError: price of ${HIGH} is undefined`, `    at lineTotal${LOW} (https://shop.example.test/assets/app${HIGH}.js:12:33)`].join('\n');
    const events: TrackerEvent[] = [
      { type: 'page', ts: now, url: `https://shop.example.test/caf${LOW}`, referrer: `https://search.example.test/${HIGH}`, title: `Caf${HIGH}` },
      { type: 'click', ts: now + 100, selector: `button#buy${HIGH}`, label: `Buy ${HIGH}` },
      { type: 'input', ts: now + 200, selector: 'input#q', label: `Search${LOW}`, value: `coffee ${HIGH}`, mode: 'plain' },
      { type: 'custom', ts: now + 300, name: `checkout${HIGH}`, payload: { [`step${LOW}`]: `pay ${HIGH}`, items: [`mug${HIGH}`] } },
      { type: 'user_id', ts: now + 400, userId },
      { type: 'user_anonymous_id', ts: now + 410, userAnonymousId: `visitor${HIGH}` },
      { type: 'metadata', ts: now + 420, key: `coupon${HIGH}`, value: `SAVE${LOW}` },
      { type: 'console', ts: now + 500, level: 'error', value: `cart broke ${HIGH}` },
      {
        type: 'request',
        ts: now + 600,
        kind: 'fetch',
        url: `https://api.example.test/cart/${HIGH}?q=${LOW}`,
        method: 'POST',
        status: 500,
        duration: 12,
        requestHeaders: { [`x-note${HIGH}`]: `yes${LOW}` },
        responseHeaders: { 'content-type': `text/plain${HIGH}` },
        requestBody: `{"item":"${HIGH}"}`,
        responseBody: `out of stock ${HIGH}`,
      },
      { type: 'graphql', ts: now + 700, operationKind: 'query', operationName: `Cart${HIGH}`, variables: `{"id":"${LOW}"}`, response: `{"data":"${HIGH}"}`, duration: 5 },
      { type: 'state_action', ts: now + 800, action: `cart/add${HIGH}`, payload: `{"sku":"${LOW}"}` },
      { type: 'resource', ts: now + 900, url: `https://cdn.example.test/${HIGH}.png`, initiator: `img${LOW}`, duration: 30, failed: true },
      { type: 'error', ts: now + 1000, source: 'js_exception', name: `TypeError${LOW}`, message: `price of ${HIGH} is undefined`, stack },
      { type: 'issue', ts: now + 1100, issueType: 'custom', payload: { note: `odd ${HIGH}` } },
    ];
    const recording: BatchRequest['recording'] = [
      { type: 4, timestamp: now, data: { href: `https://shop.example.test/caf${LOW}`, width: 1280, height: 720 } },
      {
        type: 2,
        timestamp: now + 1,
        data: {
          node: {
            type: 0,
            id: 1,
            childNodes: [{ type: 2, id: 2, tagName: 'p', attributes: { title: `t${HIGH}` }, childNodes: [{ type: 3, id: 3, textContent: `Caf${LOW} ${HIGH}` }] }],
          },
          initialOffset: { top: 0, left: 0 },
        },
      },
      { type: 3, timestamp: now + 200, data: { source: 5, id: 4, text: `coffee ${HIGH}`, isChecked: false } },
    ];
    const batch: BatchRequest = { sessionId, seq: 0, sentAt: now + 1200, pageNo: 0, recording, events, final: true };
    const accepted = await post('/api/ingest/v1/batch', batch, { authorization: `Bearer ${token}` });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

    // Processed: every processor took the batch, none was skipped or parked.
    await until('the session to end', async () => (await db().sql(sql`select 1 from sessions_sessions where session_id = ${sessionId} and ended_at is not null`))[0]);
    const batches = await db().sql<{ processed: boolean; skipped_reason: string | null }>(sql`select processed_at is not null as processed, skipped_reason from ingest_batches where session_id = ${sessionId}`);
    expect(batches).toEqual([{ processed: true, skipped_reason: null }]);
    const types = (await db().sql<{ type: string }>(sql`select type from sessions_events where session_id = ${sessionId} and seq = 0 order by idx`)).map((r) => r.type);
    expect(types).toEqual(['LOCATION', 'CLICK', 'INPUT', 'CUSTOM', 'IDENTIFY', 'IDENTIFY', 'METADATA', 'CONSOLE', 'FETCH', 'GRAPHQL', 'STATEACTION', 'RESOURCE', 'ERROR', 'ISSUE']);

    // Listed, with U+FFFD where the database needed valid UTF-8.
    const list = await t.request('POST', `/api/${projectId}/sessions/search2`, { token: owner.token, body: { filters: [{ type: 'USERID', operator: 'is', value: [userId] }] } });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.sessions[0]).toMatchObject({ sessionId, userId: stored(userId), metadata: { tier: 'gold', [stored(`coupon${HIGH}`)]: stored(`SAVE${LOW}`) } });

    // Searchable by every damaged field, typed with the lone surrogate as the browser has it.
    const search = async (body: unknown) => {
      const res = await t.request('POST', `/api/${projectId}/sessions/search2`, { token: owner.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.sessions.map((s: { sessionId: string }) => s.sessionId);
    };
    const event = (type: string, operator: string, value: string, filters?: unknown[]) => ({ events: [{ type, operator, value: [value], ...(filters ? { filters } : {}) }] });
    expect(await search(event('CLICK', 'is', `Buy ${HIGH}`))).toEqual([sessionId]);
    expect(await search(event('INPUT', 'contains', `Search${LOW}`))).toEqual([sessionId]);
    expect(await search(event('LOCATION', 'is', `https://shop.example.test/caf${LOW}`))).toEqual([sessionId]);
    expect(await search(event('CUSTOM', 'is', `checkout${HIGH}`))).toEqual([sessionId]);
    expect(await search(event('ERROR', 'contains', `of ${HIGH} is`))).toEqual([sessionId]);
    expect(await search(event('STATEACTION', 'is', `cart/add${HIGH}`))).toEqual([sessionId]);
    expect(await search(event('FETCH', 'isAny', '', [{ type: 'FETCH_RESPONSE_BODY', operator: 'contains', value: [`stock ${HIGH}`] }]))).toEqual([sessionId]);
    expect(await search(event('FETCH', 'isAny', '', [{ type: 'FETCH_URL', operator: 'startsWith', value: [`https://api.example.test/cart/${HIGH}`] }]))).toEqual([sessionId]);
    expect(await search({ filters: [{ type: 'USERANONYMOUSID', operator: 'is', value: [`visitor${HIGH}`] }] })).toEqual([sessionId]);
    expect(await search({ filters: [{ type: 'METADATA', source: `coupon${HIGH}`, operator: 'contains', value: [`SAVE${LOW}`] }] })).toEqual([sessionId]);

    // Suggestions offer the stored values, whatever the typed prefix holds.
    const values = await t.request('GET', `/api/${projectId}/events/values?type=CONSOLE&q=${encodeURIComponent('cart broke')}`, { token: owner.token });
    expect(values.status, JSON.stringify(values.body)).toBe(200);
    expect(values.body.data.map((s: { value: string }) => s.value)).toContain(stored(`cart broke ${HIGH}`));
    const clicks = await t.kernel.app.inject({ method: 'GET', url: `/api/${projectId}/events/search?type=CLICK&q=Buy%20%ED%A0%BD`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(clicks.statusCode, clicks.body).toBe(200);

    // Replayable: the recording is served as recorded.
    const index = await t.request('GET', `/api/${projectId}/sessions2/${sessionId}/recording`, { token: owner.token });
    expect(index.status, JSON.stringify(index.body)).toBe(200);
    const chunk = await t.request('GET', `/api/${projectId}/sessions2/${sessionId}/recording/0`, { token: owner.token });
    expect(chunk.status, JSON.stringify(chunk.body)).toBe(200);
    expect(JSON.stringify(chunk.body.data)).toContain(JSON.stringify(`Caf${LOW} ${HIGH}`).slice(1, -1));

    // The error is grouped and shown.
    const errors = await t.request('POST', `/api/${projectId}/errors/search`, { token: owner.token, body: {} });
    expect(errors.status, JSON.stringify(errors.body)).toBe(200);
    expect(errors.body.data.errors).toEqual([expect.objectContaining({ name: stored(`TypeError${LOW}`), message: stored(`price of ${HIGH} is undefined`) })]);
    const { errorId } = errors.body.data.errors[0];
    const detail = await t.request('GET', `/api/${projectId}/errors/${errorId}`, { token: owner.token });
    expect(detail.body.data).toMatchObject({ firstFrame: stored(`lineTotal${LOW} (/assets/app${HIGH}.js:12:33)`), sessions: 1 });
    // The stack is mapped with the release the tracker reported (no map uploaded: frames come back as recorded).
    const resolved = await t.request('GET', `/api/${projectId}/sessions2/${sessionId}/errors/${errorId}/sourcemaps`, { token: owner.token });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(JSON.stringify(resolved.body.data)).toContain(stored(`app${HIGH}.js`));
  });

  it('keeps what members type with lone surrogates (saved searches, metadata fields) and refuses them cleanly where only known values are taken (appearance)', async () => {
    const filter = { filters: [{ type: 'USERID', operator: 'is', value: [`ada${HIGH}`] }], name: `Cut ${LOW}` };
    const saved = await t.request('POST', `/api/${projectId}/saved_search`, { token: owner.token, body: { name: `VIPs ${HIGH}`, filter } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const listed = await t.request('GET', `/api/${projectId}/saved_search`, { token: owner.token });
    expect(listed.body.data).toEqual([expect.objectContaining({ name: stored(`VIPs ${HIGH}`), filter: { filters: [{ type: 'USERID', operator: 'is', value: [stored(`ada${HIGH}`)] }], name: stored(`Cut ${LOW}`) } })]);

    const field = await t.request('POST', `/api/${projectId}/metadata`, { token: owner.token, body: { key: 'plan', label: `Plan ${LOW}` } });
    expect(field.status, JSON.stringify(field.body)).toBe(200);
    expect((await t.request('GET', `/api/${projectId}/metadata`, { token: owner.token })).body.data).toEqual([expect.objectContaining({ key: 'plan', label: stored(`Plan ${LOW}`) })]);
    // Appearance holds known settings only: a key with a lone surrogate is refused with a message naming it, and nothing is stored.
    const look = await t.request('POST', '/api/account/appearance', { token: owner.token, body: { appearance: { [`note${HIGH}`]: `dark ${LOW}` } } });
    expect(look.status, JSON.stringify(look.body)).toBe(400);
    expect(JSON.stringify(look.body)).toContain('Unknown appearance setting');
    const account = (await t.request('GET', '/api/account', { token: owner.token })).body.data;
    expect(Object.keys(account.appearance).some((key) => key.startsWith('note'))).toBe(false);
    const role = await t.request('POST', '/api/account/appearance', { token: owner.token, body: { appearance: { role: `dev${HIGH}` } } });
    expect(role.status, JSON.stringify(role.body)).toBe(400);
  });
});
