import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, isIntegrationFailure } from '@cassette/plugin-sdk/server';
import { createTestKernel, startHttpStandIn, type HttpStandIn, type StandInReply, type StandInRequest, type TestKernel } from '@cassette/plugin-sdk/testing';
import type { IntegrationContext, LogQuery, LogSource } from '@cassette/plugin-integrations/api';
import { createElasticsearchLogSource } from './elasticsearch-log-source.js';

const NOW = Date.parse('2026-11-20T10:30:00Z');
const QUERY: LogQuery = { sessionId: '7311422951', userId: null, from: Date.parse('2026-11-20T10:00:00Z'), to: Date.parse('2026-11-20T10:20:00Z'), limit: 100 };
const API_KEY_ID = 'VuaCfGcBCdbkQm-e5aOx';
const API_KEY = 'ui2lp2axTNmsyakw9tvNnw';
const AUTHORIZATION = `ApiKey ${Buffer.from(`${API_KEY_ID}:${API_KEY}`).toString('base64')}`;

const securityError = (status: number, reason: string) => ({ status, body: { error: { root_cause: [{ type: 'security_exception', reason }], type: 'security_exception', reason }, status } });

/** Elasticsearch's _search as documented: ApiKey auth, `{ error: { type, reason }, status }` errors, `{ hits: { hits } }`. */
function elasticsearch(request: StandInRequest): StandInReply {
  if (request.headers.authorization !== AUTHORIZATION) return securityError(401, 'unable to authenticate with provided credentials and anonymous access is not allowed for this request');
  const [, indexes, action] = request.url.pathname.split('/');
  if (request.method !== 'POST' || action !== '_search') return { status: 405, body: { error: 'Incorrect HTTP method', status: 405 } };
  if (indexes === 'slow*') return { hang: true };
  if (indexes === 'busy*') return { status: 429, body: { error: { type: 'es_rejected_execution_exception', reason: 'rejected execution of coordinating operation' }, status: 429 } };
  if (indexes === 'audit') return securityError(403, `action [indices:data/read/search] is unauthorized for API key id [${API_KEY_ID}]`);
  if (indexes === 'shop') return { status: 404, body: { error: { type: 'index_not_found_exception', reason: 'no such index [shop]', index: 'shop' }, status: 404 } };
  const hits = [
    { _index: 'app-logs-2026.11.20', _id: 'b', _source: { '@timestamp': '2026-11-20T10:07:00.000Z', log: { level: 'ERROR', logger: 'checkout' }, message: 'Charge failed: card declined', cassetteSessionId: '7311422951', http: { status: 402 } } },
    { _index: 'app-logs-2026.11.20', _id: 'a', _source: { '@timestamp': '2026-11-20T10:03:00.000Z', 'log.level': 'warning', 'service.name': 'api', message: 'Slow query', cassetteSessionId: '7311422951' } },
  ];
  return { body: { took: 3, timed_out: false, hits: { total: { value: 2, relation: 'eq' }, hits } } };
}

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!isIntegrationFailure(error)) throw new Error(`expected an integration failure, got ${String(error)}`);
  return error;
}

describe('Elasticsearch log source against a cluster stand-in', () => {
  let standIn: HttpStandIn;
  /** Another local server, not allow-listed: a private address like any other. */
  let intranet: HttpStandIn;
  let t: TestKernel;
  let ctx: IntegrationContext;
  let source: LogSource;
  let config: { host: string; apiKeyId: string; apiKey: string; indexes: string; port: number };

  beforeAll(async () => {
    standIn = await startHttpStandIn(elasticsearch);
    intranet = await startHttpStandIn(elasticsearch);
    t = await createTestKernel({ env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: standIn.hostPort } });
    ctx = { outboundHttp: t.kernel.resolve(coreServices.outboundHttp), log: t.kernel.resolve(coreServices.logger), now: () => NOW };
    source = createElasticsearchLogSource({ timeoutMs: 300 });
    config = { host: 'http://127.0.0.1', apiKeyId: API_KEY_ID, apiKey: API_KEY, indexes: '*log*', port: standIn.port };
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
    await intranet?.close();
  });

  it('searches the indexes with the API key for the session field in its window, and maps the documents, earliest first', async () => {
    const lines = await source.fetchLogs(config, QUERY, ctx);
    const request = standIn.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url.pathname).toBe('/*log*/_search');
    expect(request.headers.authorization).toBe(AUTHORIZATION);
    expect(JSON.parse(request.body)).toEqual({
      size: 100,
      sort: [{ '@timestamp': { order: 'asc', unmapped_type: 'date' } }],
      query: { bool: { filter: [{ match_phrase: { cassetteSessionId: '7311422951' } }, { range: { '@timestamp': { gte: QUERY.from, lte: QUERY.to, format: 'epoch_millis' } } }] } },
    });
    expect(lines).toEqual([
      { index: 0, time: Date.parse('2026-11-20T10:03:00Z'), level: 'warn', name: 'api', message: 'Slow query', source: 'elasticsearch', payload: expect.objectContaining({ _id: 'a', _index: 'app-logs-2026.11.20' }) },
      { index: 1, time: Date.parse('2026-11-20T10:07:00Z'), level: 'error', name: 'checkout', message: 'Charge failed: card declined', source: 'elasticsearch', payload: expect.objectContaining({ _id: 'b', http: { status: 402 } }) },
    ]);
  });

  it('checks the connection with an empty search of the indexes', async () => {
    await expect(source.checkConnection({ ...config, indexes: 'app-logs-*, api-*' }, ctx)).resolves.toBeUndefined();
    const request = standIn.requests.at(-1)!;
    expect(request.url.pathname).toBe('/app-logs-*,api-*/_search');
    expect(JSON.parse(request.body)).toEqual({ size: 0, track_total_hits: false, query: { match_all: {} } });
  });

  it('refuses a host on a private address that the operator did not allow, before any request leaves', async () => {
    const failure = await failureOf(source.fetchLogs({ ...config, port: intranet.port }, QUERY, ctx));
    expect(failure.integrationFailure).toBe('refused_address');
    expect(failure.message).toBe(
      `Elasticsearch at ${intranet.hostPort} is not on a public address, so Cassette does not call it: use the tool's public address, or ask the operator to allow this host and port (CASSETTE_OUTBOUND_ALLOW_HOSTS).`,
    );
    expect(intranet.requests).toHaveLength(0);
  });

  it('says the key was refused', async () => {
    const failure = await failureOf(source.checkConnection({ ...config, apiKey: 'x'.repeat(22) }, ctx));
    expect(failure.integrationFailure).toBe('auth');
    expect(failure.message).toBe(
      'Elasticsearch refused the credentials (401: "unable to authenticate with provided credentials and anonymous access is not allowed for this request"): check the API key id and the API key, and that the key may read the indexes (the "read" index privilege).',
    );
  });

  it('says the key may not read an index', async () => {
    const failure = await failureOf(source.fetchLogs({ ...config, indexes: 'audit' }, QUERY, ctx));
    expect(failure.integrationFailure).toBe('auth');
    expect(failure.message).toContain(`refused access with these credentials (403: "action [indices:data/read/search] is unauthorized for API key id [${API_KEY_ID}]")`);
  });

  it('names the missing index', async () => {
    const failure = await failureOf(source.fetchLogs({ ...config, indexes: 'shop' }, QUERY, ctx));
    expect(failure.integrationFailure).toBe('not_found');
    expect(failure.message).toBe('Elasticsearch found nothing at this address (404: "no such index [shop]"): check the indexes: one of them does not exist on this cluster (patterns like *log* match none without failing).');
  });

  it('says the cluster is overloaded when it rejects the search', async () => {
    const failure = await failureOf(source.fetchLogs({ ...config, indexes: 'busy*' }, QUERY, ctx));
    expect(failure.integrationFailure).toBe('rate_limited');
    expect(failure.retryAfterSeconds).toBeUndefined();
    expect(failure.message).toBe('Elasticsearch asked to slow down (429): too many requests for now; try again in a minute.');
  });

  it('gives up on a cluster that does not answer in time', async () => {
    const failure = await failureOf(source.fetchLogs({ ...config, indexes: 'slow*' }, QUERY, ctx));
    expect(failure.integrationFailure).toBe('timeout');
    expect(failure.message).toBe(`Elasticsearch did not answer within 1 s: try again later, or check that ${standIn.hostPort} is the tool's address.`);
  });
});
