import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, isIntegrationFailure } from '@cassette/plugin-sdk/server';
import { createTestKernel, startHttpStandIn, type HttpStandIn, type StandInReply, type StandInRequest, type TestKernel } from '@cassette/plugin-sdk/testing';
import type { IntegrationContext, LogQuery, LogSource } from '@cassette/plugin-integrations/api';
import { createDatadogLogSource, datadogQuery } from './datadog-log-source.js';

const NOW = Date.parse('2026-11-20T10:30:00Z');
const QUERY: LogQuery = { sessionId: '7311422951', userId: null, from: Date.parse('2026-11-20T10:00:00Z'), to: Date.parse('2026-11-20T10:20:00Z'), limit: 50 };
const CONFIG = { apiKey: 'dd-api', applicationKey: 'dd-app' };

const log = (id: string, timestamp: string, status: string, service: string, message: string) => ({
  id,
  type: 'log',
  attributes: { timestamp, status, service, host: 'web-1', message, tags: ['env:prod'], attributes: { cassetteSessionId: '7311422951', http: { status_code: 402 } } },
});

/** Datadog's Logs Search API v2 as documented: key headers, `{ errors: [...] }`, `{ data, meta }`. */
function datadog(request: StandInRequest): StandInReply {
  if (request.method !== 'POST' || request.url.pathname !== '/api/v2/logs/events/search') return { status: 404, body: { errors: ['Not found'] } };
  const apiKey = request.headers['dd-api-key'];
  if (request.headers['dd-application-key'] !== 'dd-app') return { status: 403, body: { errors: ['Forbidden'] } };
  if (apiKey === 'dd-busy') return { status: 429, headers: { 'x-ratelimit-limit': '300', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '12' }, body: { errors: ['Too many requests'] } };
  if (apiKey === 'dd-slow') return { hang: true };
  if (apiKey !== 'dd-api') return { status: 403, body: { errors: ['Forbidden'] } };
  const { filter } = JSON.parse(request.body) as { filter: { query: string } };
  if (filter.query === '*') return { body: { data: [], meta: { page: {}, status: 'done' } } };
  return {
    body: {
      data: [log('AQ2', '2026-11-20T10:04:00.000Z', 'error', 'payments', 'Charge failed'), log('AQ1', '2026-11-20T10:02:00.000Z', 'warn', 'api', 'Slow query: 2300 ms'), log('AQ3', '2026-11-20T10:06:00.000Z', 'info', 'api', 'GET /cart 200')],
      meta: { page: {}, elapsed: 12, status: 'done' },
    },
  };
}

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!isIntegrationFailure(error)) throw new Error(`expected an integration failure, got ${String(error)}`);
  return error;
}

describe('Datadog log source against a Datadog stand-in', () => {
  let standIn: HttpStandIn;
  let t: TestKernel;
  let ctx: IntegrationContext;
  let source: LogSource;

  beforeAll(async () => {
    standIn = await startHttpStandIn(datadog);
    t = await createTestKernel({ env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: standIn.hostPort } });
    ctx = { outboundHttp: t.kernel.resolve(coreServices.outboundHttp), log: t.kernel.resolve(coreServices.logger), now: () => NOW };
    source = createDatadogLogSource({ apiBase: standIn.origin, timeoutMs: 300 });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it('searches the session attribute in its window with both keys, and maps the lines, earliest first', async () => {
    const lines = await source.fetchLogs(CONFIG, QUERY, ctx);
    const request = standIn.requests.at(-1)!;
    expect(request.headers['dd-api-key']).toBe('dd-api');
    expect(request.headers['dd-application-key']).toBe('dd-app');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({
      filter: { query: '@cassetteSessionId:7311422951', from: '2026-11-20T10:00:00.000Z', to: '2026-11-20T10:20:00.000Z' },
      sort: 'timestamp',
      page: { limit: 50 },
    });
    expect(lines.map(({ index, level, name, message }) => ({ index, level, name, message }))).toEqual([
      { index: 0, level: 'warn', name: 'api', message: 'Slow query: 2300 ms' },
      { index: 1, level: 'error', name: 'payments', message: 'Charge failed' },
      { index: 2, level: 'info', name: 'api', message: 'GET /cart 200' },
    ]);
    expect(lines[0]).toMatchObject({ time: Date.parse('2026-11-20T10:02:00Z'), source: 'datadog', payload: { id: 'AQ1', host: 'web-1', tags: ['env:prod'], attributes: { http: { status_code: 402 } } } });
  });

  it('quotes a session id holding query syntax', () => {
    expect(datadogQuery('a b:c')).toBe('@cassetteSessionId:"a b:c"');
  });

  it('checks the connection with one search of a single line', async () => {
    await expect(source.checkConnection(CONFIG, ctx)).resolves.toBeUndefined();
    const body = JSON.parse(standIn.requests.at(-1)!.body);
    expect(body.page).toEqual({ limit: 1 });
    expect(body.filter).toEqual({ query: '*', from: '2026-11-20T10:15:00.000Z', to: '2026-11-20T10:30:00.000Z' });
  });

  it('says which keys to check when Datadog refuses them', async () => {
    const failure = await failureOf(source.checkConnection({ ...CONFIG, applicationKey: 'revoked' }, ctx));
    expect(failure.integrationFailure).toBe('auth');
    expect(failure.message).toBe('Datadog refused access with these credentials (403: "Forbidden"): check the API key and the application key (Organization Settings › API Keys and Application Keys), and that the application key may read logs (logs_read_data).');
  });

  it("passes on Datadog's reset time after a rate limit", async () => {
    const failure = await failureOf(source.fetchLogs({ ...CONFIG, apiKey: 'dd-busy' }, QUERY, ctx));
    expect(failure.integrationFailure).toBe('rate_limited');
    expect(failure.retryAfterSeconds).toBe(12);
    expect(failure.message).toBe('Datadog asked to slow down (429): too many requests for now; try again in 12 s.');
  });

  it('gives up on a Datadog that does not answer in time', async () => {
    const failure = await failureOf(source.fetchLogs({ ...CONFIG, apiKey: 'dd-slow' }, QUERY, ctx));
    expect(failure.integrationFailure).toBe('timeout');
    expect(failure.message).toContain('Datadog did not answer within 1 s: try again later');
  });

  it('says the address is wrong when the API path is not there', async () => {
    const elsewhere = createDatadogLogSource({ apiBase: `${standIn.origin}/not-datadog`, timeoutMs: 300 });
    const failure = await failureOf(elsewhere.fetchLogs(CONFIG, QUERY, ctx));
    expect(failure.integrationFailure).toBe('not_found');
    expect(failure.message).toBe('Datadog found nothing at this address (404: "Not found"): check that the address is your Datadog site\'s API (api.datadoghq.com, api.datadoghq.eu…).');
  });

  it('validates per the spec: every credential field non-empty', () => {
    expect(source.validate(CONFIG)).toEqual({});
    expect(source.validate({ apiKey: '', applicationKey: '  ' })).toEqual({ apiKey: 'API key is required', applicationKey: 'Application key is required' });
  });
});
