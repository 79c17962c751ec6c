import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, isIntegrationFailure } from '@cassette/plugin-sdk/server';
import { createTestKernel, startHttpStandIn, type HttpStandIn, type StandInReply, type StandInRequest, type TestKernel } from '@cassette/plugin-sdk/testing';
import type { IntegrationContext, LogQuery, LogSource } from '@cassette/plugin-integrations/api';
import { createRollbarLogSource } from './rollbar-log-source.js';

const NOW = Date.parse('2026-11-20T10:30:00Z');
const QUERY: LogQuery = { sessionId: '7311422951', userId: null, from: Date.parse('2026-11-20T10:00:00Z'), to: Date.parse('2026-11-20T10:20:00Z'), limit: 100 };
const CONFIG = { accessToken: 'rb-read-token' };
const at = (iso: string) => Date.parse(iso) / 1000;

const occurrence = (id: number, iso: string, sessionId: string, level: string, body: object) => ({
  id,
  item_id: 900 + id,
  project_id: 42,
  timestamp: at(iso),
  data: { environment: 'production', level, context: 'orders#create', custom: { cassetteSessionId: sessionId }, body, request: { url: 'https://shop.example.test/api/orders' } },
});

/** Pages of occurrences, newest first, as Rollbar lists them (20 a page in the real API). */
const PAGES = [
  [
    occurrence(5, '2026-11-20T10:25:00Z', '7311422951', 'info', { message: { body: 'After the window' } }),
    occurrence(4, '2026-11-20T10:15:00Z', '7311422951', 'warning', { message: { body: 'Stock low for SKU 88' } }),
    occurrence(3, '2026-11-20T10:12:00Z', '5550001111', 'error', { message: { body: 'Another visit' } }),
  ],
  [
    occurrence(2, '2026-11-20T10:05:00Z', '7311422951', 'critical', { trace: { exception: { class: 'PaymentError', message: 'card declined' }, frames: [] } }),
    occurrence(1, '2026-11-20T09:58:00Z', '7311422951', 'error', { message: { body: 'Before the window' } }),
  ],
  [occurrence(0, '2026-11-20T09:50:00Z', '7311422951', 'error', { message: { body: 'Never read' } })],
];

/** Rollbar's API as documented: X-Rollbar-Access-Token, `{ err, message }` errors, `{ err: 0, result }`. */
function rollbar(request: StandInRequest): StandInReply {
  const token = request.headers['x-rollbar-access-token'];
  if (request.url.pathname !== '/api/1/instances/') return { status: 404, body: { err: 1, message: 'Not found' } };
  if (token === 'rb-post-only') return { status: 403, body: { err: 1, message: 'insufficient privileges: read scope is required but the access token only has post_server_item.' } };
  if (token === 'rb-busy') return { status: 429, headers: { 'x-rate-limit-limit': '5000', 'x-rate-limit-remaining': '0', 'x-rate-limit-remaining-seconds': '44' }, body: { err: 1, message: 'rate limit reached' } };
  if (token === 'rb-slow') return { hang: true };
  if (token !== 'rb-read-token') return { status: 401, body: { err: 1, message: 'invalid access token' } };
  const page = Number(request.url.searchParams.get('page'));
  return { body: { err: 0, result: { page, instances: PAGES[page - 1] ?? [] } } };
}

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!isIntegrationFailure(error)) throw new Error(`expected an integration failure, got ${String(error)}`);
  return error;
}

describe('Rollbar log source against a Rollbar stand-in', () => {
  let standIn: HttpStandIn;
  let t: TestKernel;
  let ctx: IntegrationContext;
  let source: LogSource;

  beforeAll(async () => {
    standIn = await startHttpStandIn(rollbar);
    t = await createTestKernel({ env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: standIn.hostPort } });
    ctx = { outboundHttp: t.kernel.resolve(coreServices.outboundHttp), log: t.kernel.resolve(coreServices.logger), now: () => NOW };
    source = createRollbarLogSource({ apiBase: standIn.origin, timeoutMs: 300 });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it("reads occurrences back to the session's start with the token, and keeps the session's own within its window", async () => {
    standIn.requests.length = 0;
    const lines = await source.fetchLogs(CONFIG, QUERY, ctx);
    expect(standIn.requests.map((r) => r.path)).toEqual(['/api/1/instances/?page=1', '/api/1/instances/?page=2']);
    expect(standIn.requests.every((r) => r.headers['x-rollbar-access-token'] === 'rb-read-token')).toBe(true);
    expect(lines).toEqual([
      {
        index: 0,
        time: Date.parse('2026-11-20T10:05:00Z'),
        level: 'error',
        name: 'orders#create',
        message: 'PaymentError: card declined',
        source: 'rollbar',
        payload: { occurrenceId: 2, itemId: 902, environment: 'production', custom: { cassetteSessionId: '7311422951' }, request: { url: 'https://shop.example.test/api/orders' }, person: null },
      },
      expect.objectContaining({ index: 1, time: Date.parse('2026-11-20T10:15:00Z'), level: 'warn', message: 'Stock low for SKU 88' }),
    ]);
  });

  it('checks the connection with one page of occurrences', async () => {
    await expect(source.checkConnection(CONFIG, ctx)).resolves.toBeUndefined();
    expect(standIn.requests.at(-1)!.path).toBe('/api/1/instances/?page=1');
  });

  it('says which token Rollbar wants when it is refused', async () => {
    const bad = await failureOf(source.checkConnection({ accessToken: 'rb-revoked' }, ctx));
    expect(bad.integrationFailure).toBe('auth');
    expect(bad.message).toBe('Rollbar refused the credentials (401: "invalid access token"): check that the access token is a project access token with the read scope (Project Settings › Project Access Tokens in Rollbar).');
    const postOnly = await failureOf(source.fetchLogs({ accessToken: 'rb-post-only' }, QUERY, ctx));
    expect(postOnly.integrationFailure).toBe('auth');
    expect(postOnly.message).toContain('Rollbar refused access with these credentials (403: "insufficient privileges: read scope is required');
  });

  it("passes on Rollbar's remaining seconds after a rate limit", async () => {
    const failure = await failureOf(source.fetchLogs({ accessToken: 'rb-busy' }, QUERY, ctx));
    expect(failure.integrationFailure).toBe('rate_limited');
    expect(failure.retryAfterSeconds).toBe(44);
    expect(failure.message).toBe('Rollbar asked to slow down (429): too many requests for now; try again in 44 s.');
  });

  it('gives up on a Rollbar that does not answer in time', async () => {
    const failure = await failureOf(source.fetchLogs({ accessToken: 'rb-slow' }, QUERY, ctx));
    expect(failure.integrationFailure).toBe('timeout');
    expect(failure.message).toContain('Rollbar did not answer within 1 s');
  });

  it('validates per the spec: the access token non-empty', () => {
    expect(source.validate(CONFIG)).toEqual({});
    expect(source.validate({ accessToken: ' ' })).toEqual({ accessToken: 'Access token is required' });
  });
});
