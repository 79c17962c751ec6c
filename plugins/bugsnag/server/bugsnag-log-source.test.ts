import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, isIntegrationFailure } from '@cassette/plugin-sdk/server';
import { createTestKernel, startHttpStandIn, type HttpStandIn, type StandInReply, type StandInRequest, type TestKernel } from '@cassette/plugin-sdk/testing';
import type { IntegrationContext, LogQuery, LogSource } from '@cassette/plugin-integrations/api';
import { createBugsnagLogSource } from './bugsnag-log-source.js';

const NOW = Date.parse('2026-11-20T10:30:00Z');
const QUERY: LogQuery = { sessionId: '7311422951', userId: null, from: Date.parse('2026-11-20T10:00:00Z'), to: Date.parse('2026-11-20T10:20:00Z'), limit: 30 };
const TOKEN = '0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d';
const PROJECT = '50baee27a43ccdf778000002';
const CONFIG = { authorizationToken: TOKEN, bugsnagProjectId: PROJECT };

/** The Data Access API as documented: `Authorization: token …`, `X-Version: 2`, `{ errors: [...] }`, events as a list. */
function bugsnag(request: StandInRequest): StandInReply {
  if (request.headers['x-version'] !== '2') return { status: 400, body: { errors: ['X-Version header required'] } };
  const token = String(request.headers.authorization ?? '');
  if (token === 'token 11111111-2222-3333-4444-busybusybusy') return { status: 429, headers: { 'retry-after': '20' }, body: { errors: ['Rate limit exceeded'] } };
  if (token === 'token 11111111-2222-3333-4444-slowslowslow') return { hang: true };
  if (token !== `token ${TOKEN}`) return { status: 401, body: { errors: ['Invalid authentication token'] } };
  const [, projects, projectId, events] = request.url.pathname.split('/');
  if (projects !== 'projects' || projectId !== PROJECT) return { status: 404, body: { errors: ['Not found'] } };
  if (events === undefined) return { body: { id: PROJECT, name: 'Shop backend', slug: 'shop-backend' } };
  return {
    body: [
      { id: 'ev1', error_id: 'er1', received_at: '2026-11-20T10:04:00.000Z', severity: 'error', context: 'POST /api/orders', exceptions: [{ errorClass: 'PaymentError', message: 'card declined' }], metaData: { cassette: { cassetteSessionId: '7311422951' } } },
      { id: 'ev2', error_id: 'er2', received_at: '2026-11-20T10:09:00.000Z', severity: 'warning', context: 'GET /api/stock', exceptions: [{ errorClass: 'StockWarning', message: 'low stock' }], metaData: { cassette: { cassetteSessionId: '7311422951' } } },
    ],
  };
}

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!isIntegrationFailure(error)) throw new Error(`expected an integration failure, got ${String(error)}`);
  return error;
}

describe('Bugsnag log source against a Data Access API stand-in', () => {
  let standIn: HttpStandIn;
  let t: TestKernel;
  let ctx: IntegrationContext;
  let source: LogSource;

  beforeAll(async () => {
    standIn = await startHttpStandIn(bugsnag);
    t = await createTestKernel({ env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: standIn.hostPort } });
    ctx = { outboundHttp: t.kernel.resolve(coreServices.outboundHttp), log: t.kernel.resolve(coreServices.logger), now: () => NOW };
    source = createBugsnagLogSource({ apiBase: standIn.origin, timeoutMs: 300 });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it("lists the project's events filtered by the session's metadata in its window, and maps them", async () => {
    const lines = await source.fetchLogs(CONFIG, QUERY, ctx);
    const request = standIn.requests.at(-1)!;
    expect(request.headers.authorization).toBe(`token ${TOKEN}`);
    expect(request.url.pathname).toBe(`/projects/${PROJECT}/events`);
    const params = request.url.searchParams;
    expect(params.getAll('filters[event.since][][type]')).toEqual(['eq']);
    expect(params.getAll('filters[event.since][][value]')).toEqual(['2026-11-20T10:00:00.000Z']);
    expect(params.getAll('filters[event.before][][value]')).toEqual(['2026-11-20T10:20:00.000Z']);
    expect(params.getAll('filters[metadata.cassette.cassetteSessionId][][type]')).toEqual(['eq']);
    expect(params.getAll('filters[metadata.cassette.cassetteSessionId][][value]')).toEqual(['7311422951']);
    expect(params.get('full_reports')).toBe('true');
    expect(params.get('per_page')).toBe('30');
    expect(lines).toEqual([
      { index: 0, time: Date.parse('2026-11-20T10:04:00Z'), level: 'error', name: 'POST /api/orders', message: 'PaymentError: card declined', source: 'bugsnag', payload: expect.objectContaining({ eventId: 'ev1', errorId: 'er1' }) },
      { index: 1, time: Date.parse('2026-11-20T10:09:00Z'), level: 'warn', name: 'GET /api/stock', message: 'StockWarning: low stock', source: 'bugsnag', payload: expect.objectContaining({ eventId: 'ev2', metaData: { cassette: { cassetteSessionId: '7311422951' } } }) },
    ]);
  });

  it('checks the connection by reading the project', async () => {
    await expect(source.checkConnection(CONFIG, ctx)).resolves.toBeUndefined();
    expect(standIn.requests.at(-1)!.url.pathname).toBe(`/projects/${PROJECT}`);
  });

  it('says the token was refused', async () => {
    const failure = await failureOf(source.checkConnection({ ...CONFIG, authorizationToken: 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee' }, ctx));
    expect(failure.integrationFailure).toBe('auth');
    expect(failure.message).toBe('Bugsnag refused the credentials (401: "Invalid authentication token"): check that the authorization token is a personal auth token of a user who can see the project (Bugsnag › Settings › My account).');
  });

  it('says to check the project id when the project is not there', async () => {
    const failure = await failureOf(source.fetchLogs({ ...CONFIG, bugsnagProjectId: 'elsewhere' }, QUERY, ctx));
    expect(failure.integrationFailure).toBe('not_found');
    expect(failure.message).toBe('Bugsnag found nothing at this address (404: "Not found"): check the project id (the project list of your organization in the Data Access API shows it).');
  });

  it('passes on Retry-After after a rate limit', async () => {
    const failure = await failureOf(source.fetchLogs({ ...CONFIG, authorizationToken: '11111111-2222-3333-4444-busybusybusy' }, QUERY, ctx));
    expect(failure.integrationFailure).toBe('rate_limited');
    expect(failure.retryAfterSeconds).toBe(20);
    expect(failure.message).toBe('Bugsnag asked to slow down (429): too many requests for now; try again in 20 s.');
  });

  it('gives up on a Bugsnag that does not answer in time', async () => {
    const failure = await failureOf(source.fetchLogs({ ...CONFIG, authorizationToken: '11111111-2222-3333-4444-slowslowslow' }, QUERY, ctx));
    expect(failure.integrationFailure).toBe('timeout');
    expect(failure.message).toContain('Bugsnag did not answer within 1 s');
  });
});
