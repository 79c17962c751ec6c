import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, isIntegrationFailure } from '@cassette/plugin-sdk/server';
import { createTestKernel, startHttpStandIn, type HttpStandIn, type StandInReply, type StandInRequest, type TestKernel } from '@cassette/plugin-sdk/testing';
import type { IntegrationContext, LogQuery, LogSource } from '@cassette/plugin-integrations/api';
import { createSentryLogSource } from './sentry-log-source.js';

const NOW = Date.parse('2026-11-20T10:30:00Z');
const QUERY: LogQuery = { sessionId: '7311422951', userId: 'ann@example.test', from: Date.parse('2026-11-20T10:00:00Z'), to: Date.parse('2026-11-20T10:20:00Z'), limit: 2 };
const CONFIG = { organizationSlug: 'acme', projectSlug: 'shop-backend', token: 'sntrys_good' };

/** Sentry as its API documents it: Bearer auth tokens, `{ detail }` errors, events as a list. */
function sentry(request: StandInRequest): StandInReply {
  if (request.headers.authorization !== 'Bearer sntrys_good') return { status: 401, body: { detail: 'Invalid token' } };
  const [, , , , org, project, rest] = request.url.pathname.split('/');
  if (org === 'busy') return { status: 429, headers: { 'retry-after': '37' }, body: { detail: 'You are attempting to use this endpoint too frequently.' } };
  if (org === 'slow') return { hang: true };
  if (org === 'html') return { body: '<html>Sign in</html>', headers: { 'content-type': 'text/html' } };
  if (org !== 'acme' || project !== 'shop-backend') return { status: 404, body: { detail: 'The requested resource does not exist' } };
  if (rest === '') return { body: { id: '4505', slug: 'shop-backend', name: 'Shop backend' } };
  return {
    body: [
      { id: 'e3', eventID: 'e3', groupID: '11', title: 'TypeError: cart is undefined', message: '', dateCreated: '2026-11-20T10:05:00Z', platform: 'node', tags: [{ key: 'level', value: 'fatal' }, { key: 'cassetteSessionId', value: '7311422951' }] },
      { id: 'e1', eventID: 'e1', groupID: '12', title: 'Payment declined', message: 'Payment declined for order 88', dateCreated: '2026-11-20T10:01:00Z', platform: 'node', tags: [{ key: 'level', value: 'warning' }, { key: 'logger', value: 'payments' }] },
      { id: 'e4', eventID: 'e4', groupID: '13', title: 'Late', message: 'After the window', dateCreated: '2026-11-20T10:25:00Z', tags: [{ key: 'level', value: 'info' }] },
      { id: 'e2', eventID: 'e2', groupID: '14', title: 'Debug', message: 'third in time, past the limit', dateCreated: '2026-11-20T10:10:00Z', tags: [{ key: 'level', value: 'debug' }] },
    ],
  };
}

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!isIntegrationFailure(error)) throw new Error(`expected an integration failure, got ${String(error)}`);
  return error;
}

describe('Sentry log source against a Sentry stand-in', () => {
  let standIn: HttpStandIn;
  let t: TestKernel;
  let ctx: IntegrationContext;
  let source: LogSource;

  beforeAll(async () => {
    standIn = await startHttpStandIn(sentry);
    t = await createTestKernel({ env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: standIn.hostPort } });
    ctx = { outboundHttp: t.kernel.resolve(coreServices.outboundHttp), log: t.kernel.resolve(coreServices.logger), now: () => NOW };
    source = createSentryLogSource({ apiBase: standIn.origin, timeoutMs: 300 });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it("asks for the project's events tagged with the session in its window, and maps them to log lines, earliest first", async () => {
    const lines = await source.fetchLogs(CONFIG, QUERY, ctx);
    const request = standIn.requests.at(-1)!;
    expect(request.method).toBe('GET');
    expect(request.headers.authorization).toBe('Bearer sntrys_good');
    expect(request.url.pathname).toBe('/api/0/projects/acme/shop-backend/events/');
    expect(request.url.searchParams.get('query')).toBe('cassetteSessionId:"7311422951"');
    expect(request.url.searchParams.get('start')).toBe('2026-11-20T10:00:00.000Z');
    expect(request.url.searchParams.get('end')).toBe('2026-11-20T10:20:00.000Z');
    expect(lines).toEqual([
      { index: 0, time: Date.parse('2026-11-20T10:01:00Z'), name: 'payments', message: 'Payment declined for order 88', level: 'warn', source: 'sentry', payload: expect.objectContaining({ eventID: 'e1', groupID: '12', title: 'Payment declined' }) },
      { index: 1, time: Date.parse('2026-11-20T10:05:00Z'), name: 'node', message: 'TypeError: cart is undefined', level: 'error', source: 'sentry', payload: expect.objectContaining({ eventID: 'e3', tags: { level: 'fatal', cassetteSessionId: '7311422951' } }) },
    ]);
  });

  it('checks the connection with one call for the project', async () => {
    await expect(source.checkConnection(CONFIG, ctx)).resolves.toBeUndefined();
    expect(standIn.requests.at(-1)!.url.pathname).toBe('/api/0/projects/acme/shop-backend/');
  });

  it('says the token was refused and which scopes it needs', async () => {
    const failure = await failureOf(source.checkConnection({ ...CONFIG, token: 'sntrys_revoked' }, ctx));
    expect(failure.integrationFailure).toBe('auth');
    expect(failure.message).toBe('Sentry refused the credentials (401: "Invalid token"): check that the token is an auth token with the project:read and event:read scopes (Sentry › Settings › Auth Tokens).');
  });

  it('says which names to check when the project does not exist', async () => {
    const failure = await failureOf(source.fetchLogs({ ...CONFIG, projectSlug: 'shop' }, QUERY, ctx));
    expect(failure.integrationFailure).toBe('not_found');
    expect(failure.message).toBe('Sentry found nothing at this address (404: "The requested resource does not exist"): check the organization slug and the project slug (both are in the project\'s settings in Sentry).');
  });

  it('passes on when to try again after a rate limit', async () => {
    const failure = await failureOf(source.fetchLogs({ ...CONFIG, organizationSlug: 'busy' }, QUERY, ctx));
    expect(failure.integrationFailure).toBe('rate_limited');
    expect(failure.retryAfterSeconds).toBe(37);
    expect(failure.message).toBe('Sentry asked to slow down (429): too many requests for now; try again in 37 s.');
  });

  it('gives up on a Sentry that does not answer in time', async () => {
    const failure = await failureOf(source.fetchLogs({ ...CONFIG, organizationSlug: 'slow' }, QUERY, ctx));
    expect(failure.integrationFailure).toBe('timeout');
    expect(failure.message).toBe(`Sentry did not answer within 1 s: try again later, or check that ${standIn.hostPort} is the tool's address.`);
  });

  it('refuses an answer that is not Sentry JSON', async () => {
    const failure = await failureOf(source.checkConnection({ ...CONFIG, organizationSlug: 'html' }, ctx));
    expect(failure.integrationFailure).toBe('bad_answer');
    expect(failure.message).toBe("Sentry answered something that is not JSON: check that the address is the tool's API.");
  });

  it('validates per the spec: every credential field non-empty', () => {
    expect(source.validate(CONFIG)).toEqual({});
    expect(source.validate({ organizationSlug: ' ', projectSlug: '', token: '' })).toEqual({
      organizationSlug: 'Organization slug is required',
      projectSlug: 'Project slug is required',
      token: 'Token is required',
    });
  });
});
