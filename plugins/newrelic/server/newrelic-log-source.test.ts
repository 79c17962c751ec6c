import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import type { IntegrationContext, IntegrationFailure, LogQuery } from '@cassette/plugin-integrations/api';
import { startNewRelicStandIn, type NewRelicStandIn } from '../testing/newrelic-stand-in.js';
import { createNewRelicLogSource } from './newrelic-log-source.js';

const NOW = Date.UTC(2026, 10, 27, 10, 0, 0);
const SESSION = '7153920846217331';
const QUERY: LogQuery = { sessionId: SESSION, userId: null, from: NOW - 10 * 60_000, to: NOW, limit: 100 };
const at = (minutesAgo: number) => NOW - minutesAgo * 60_000;
const US = { applicationId: '1234567', xQueryKey: 'NRIQ-us-query-key-0001', region: 'US' };
const EU = { applicationId: '7654321', xQueryKey: 'NRIQ-eu-query-key-0002', region: 'EU' };

async function failureOf(promise: Promise<unknown>): Promise<{ reason: string; message: string; retryAfterSeconds?: number }> {
  const error = (await promise.then(() => null, (e: unknown) => e)) as IntegrationFailure | null;
  expect(error, 'expected the call to fail').toBeInstanceOf(Error);
  return { reason: error!.integrationFailure, message: error!.message, ...(error!.retryAfterSeconds ? { retryAfterSeconds: error!.retryAfterSeconds } : {}) };
}

describe('New Relic log source against an Insights query API stand-in for both data centers', () => {
  let newRelic: NewRelicStandIn;
  let t: TestKernel;
  let ctx: IntegrationContext;
  const source = () => createNewRelicLogSource({ ...newRelic.apiUrls, timeoutMs: 400 });

  beforeAll(async () => {
    newRelic = await startNewRelicStandIn({
      accounts: {
        us: {
          [US.applicationId]: {
            queryKey: US.xQueryKey,
            logs: [
              { timestamp: at(5), message: 'GET /cart 200', level: 'INFO', 'service.name': 'shop-api', cassetteSessionId: SESSION, 'trace.id': 't-1' },
              { timestamp: at(7), message: 'payment declined', level: 'ERROR', 'logger.name': 'payments', cassetteSessionId: SESSION },
              { timestamp: at(6), message: `stock low cassetteSessionId=${SESSION}`, level: 'WARN', 'service.name': 'shop-api' },
              { timestamp: at(6), message: 'GET /cart 200', cassetteSessionId: '99999' },
              { timestamp: at(30), message: 'GET /home 200', cassetteSessionId: SESSION },
            ],
          },
        },
        eu: { [EU.applicationId]: { queryKey: EU.xQueryKey, logs: [{ timestamp: at(2), message: 'EU line', cassetteSessionId: SESSION }] } },
      },
    });
    t = await createTestKernel({ env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: newRelic.hostPort } });
    ctx = { outboundHttp: t.kernel.resolve(coreServices.outboundHttp), log: t.kernel.resolve(coreServices.logger), now: () => NOW };
  });
  afterAll(async () => {
    await t?.close();
    await newRelic?.close();
  });

  it('validates: account id and query key required, the account id a number, the data center US or EU', () => {
    const nr = source();
    expect(nr.validate(US)).toEqual({});
    expect(nr.validate({ applicationId: '', xQueryKey: ' ', region: '' })).toEqual({ applicationId: 'Account ID is required', xQueryKey: 'Query key is required', region: 'Data center is required' });
    expect(nr.validate({ ...US, applicationId: '12/../query', region: 'APAC' })).toEqual({ applicationId: 'Account ID must be the number of the New Relic account', region: 'Data center must be US or EU' });
    expect(nr.fields.find((f) => f.key === 'region')).toMatchObject({ default: 'US', options: [{ value: 'US' }, { value: 'EU' }] });
  });

  it("queries Log with NRQL for the session's tag in its window, with the query key, and lists lines earliest first", async () => {
    const lines = await source().fetchLogs(US, QUERY, ctx);
    expect(lines).toEqual([
      { time: at(7), index: 0, name: 'payments', message: 'payment declined', payload: { level: 'ERROR', 'logger.name': 'payments', cassetteSessionId: SESSION }, source: 'newrelic', level: 'error' },
      { time: at(6), index: 1, name: 'shop-api', message: `stock low cassetteSessionId=${SESSION}`, payload: { level: 'WARN', 'service.name': 'shop-api' }, source: 'newrelic', level: 'warn' },
      { time: at(5), index: 2, name: 'shop-api', message: 'GET /cart 200', payload: { level: 'INFO', 'service.name': 'shop-api', cassetteSessionId: SESSION, 'trace.id': 't-1' }, source: 'newrelic', level: 'info' },
    ]);
    expect(newRelic.queries.at(-1)).toEqual({
      dataCenter: 'us',
      accountId: US.applicationId,
      nrql: `SELECT * FROM Log WHERE cassetteSessionId = '${SESSION}' OR message LIKE '%cassetteSessionId=${SESSION}%' SINCE ${QUERY.from} UNTIL ${QUERY.to} LIMIT 100`,
    });
  });

  it("asks the EU data center for an EU account, and checks the connection with a count", async () => {
    expect((await source().fetchLogs(EU, QUERY, ctx)).map((l) => l.message)).toEqual(['EU line']);
    await source().checkConnection(EU, ctx);
    expect(newRelic.queries.slice(-2).map((q) => [q.dataCenter, q.nrql.slice(0, 22)])).toEqual([
      ['eu', 'SELECT * FROM Log WHER'],
      ['eu', 'SELECT count(*) FROM L'],
    ]);
  });

  it('says the key is refused, and suggests the other data center', async () => {
    expect(await failureOf(source().checkConnection({ ...US, xQueryKey: 'NRIQ-wrong' }, ctx))).toEqual({
      reason: 'auth',
      message: 'New Relic refused the query key for account 1234567 ("Invalid query key"): check the account ID and the query key, and that the account is in the US data center (not EU).',
    });
    expect((await failureOf(source().checkConnection({ ...EU, region: 'US' }, ctx))).message).toContain('that the account is in the US data center (not EU)');
  });

  it('says to slow down on 429, with the wait New Relic asked for', async () => {
    newRelic.behaviour.rateLimited = true;
    try {
      expect(await failureOf(source().fetchLogs(US, QUERY, ctx))).toEqual({ reason: 'rate_limited', message: 'New Relic is limiting queries from this account: try again in a minute.', retryAfterSeconds: 30 });
    } finally {
      newRelic.behaviour.rateLimited = false;
    }
  });

  it('gives up after the timeout when New Relic is slow', async () => {
    newRelic.behaviour.delayMs = 2_000;
    try {
      expect(await failureOf(source().fetchLogs(US, QUERY, ctx))).toMatchObject({ reason: 'timeout', message: expect.stringMatching(/^New Relic did not answer within 1 s: try again later, or check that .+ is the tool's address\.$/) });
    } finally {
      newRelic.behaviour.delayMs = 0;
    }
  });

  it('keeps a session id from breaking out of the NRQL string', async () => {
    const lines = await source().fetchLogs(US, { ...QUERY, sessionId: "x' OR cassetteSessionId = '99999" }, ctx);
    expect(lines).toEqual([]);
    expect(newRelic.queries.at(-1)!.nrql).toContain("cassetteSessionId = 'x\\' OR cassetteSessionId = \\'99999'");
  });
});
