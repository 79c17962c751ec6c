import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import type { IntegrationContext, IntegrationFailure, LogQuery } from '@cassette/plugin-integrations/api';
import { startSumoLogicStandIn, type SumoLogicStandIn } from '../testing/sumologic-stand-in.js';
import { sumoLogicApiUrl } from './regions.js';
import { createSumoLogicLogSource } from './sumologic-log-source.js';

const NOW = Date.UTC(2026, 10, 27, 10, 0, 0);
const SESSION = '7153920846217331';
const QUERY: LogQuery = { sessionId: SESSION, userId: null, from: NOW - 10 * 60_000, to: NOW, limit: 100 };
const at = (minutesAgo: number) => NOW - minutesAgo * 60_000;
const CONFIG = { accessId: 'suABCDEF123456', accessKey: 'k3y-of-the-access-id-0123456789', region: 'au' };

async function failureOf(promise: Promise<unknown>): Promise<{ reason: string; message: string; retryAfterSeconds?: number }> {
  const error = (await promise.then(() => null, (e: unknown) => e)) as IntegrationFailure | null;
  expect(error, 'expected the call to fail').toBeInstanceOf(Error);
  return { reason: error!.integrationFailure, message: error!.message, ...(error!.retryAfterSeconds ? { retryAfterSeconds: error!.retryAfterSeconds } : {}) };
}

describe('Sumo Logic log source against a Search Job API stand-in', () => {
  let sumo: SumoLogicStandIn;
  let t: TestKernel;
  let ctx: IntegrationContext;
  const source = (overrides: { searchTimeoutMs?: number } = {}) =>
    createSumoLogicLogSource({ endpoint: sumo.endpoint, timeoutMs: 400, pollIntervalMs: 10, searchTimeoutMs: 5_000, ...overrides });

  beforeAll(async () => {
    sumo = await startSumoLogicStandIn({
      accessKeys: { au: { [CONFIG.accessId]: CONFIG.accessKey }, us2: { suUS2: 'us2-key' } },
      messages: [
        { time: at(5), raw: `GET /cart 200 cassetteSessionId=${SESSION}` },
        { time: at(7), raw: JSON.stringify({ level: 'error', message: 'payment declined', logger: 'payments', cassetteSessionId: SESSION }), sourceCategory: 'prod/payments' },
        { time: at(6), raw: `WARN stock low cassetteSessionId=${SESSION}` },
        { time: at(6), raw: `GET /cart 200 cassetteSessionId=99999 after ${SESSION}` },
        { time: at(30), raw: `GET /home 200 cassetteSessionId=${SESSION}` },
      ],
    });
    t = await createTestKernel({ env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: sumo.hostPort } });
    ctx = { outboundHttp: t.kernel.resolve(coreServices.outboundHttp), log: t.kernel.resolve(coreServices.logger), now: () => NOW };
  });
  afterAll(async () => {
    await t?.close();
    await sumo?.close();
  });

  it('validates: access id and key required, the region among the 9, au by default', () => {
    const sl = source();
    expect(sl.validate(CONFIG)).toEqual({});
    expect(sl.validate({ accessId: '', accessKey: ' ', region: 'au' })).toEqual({ accessId: 'Access ID is required', accessKey: 'Access key is required' });
    expect(sl.validate({ ...CONFIG, region: 'mars' })).toEqual({ region: 'Deployment must be one of au, ca, de, eu, fed, in, jp, us1, us2' });
    const region = sl.fields.find((f) => f.key === 'region')!;
    expect(region.default).toBe('au');
    expect(region.options?.map((o) => o.value)).toEqual(['au', 'ca', 'de', 'eu', 'fed', 'in', 'jp', 'us1', 'us2']);
  });

  it("creates a search job for the session's tag in its window, waits for it, reads its messages and deletes it", async () => {
    const lines = await source().fetchLogs(CONFIG, QUERY, ctx);
    expect(lines).toEqual([
      {
        time: at(7),
        index: 0,
        name: 'payments',
        message: 'payment declined',
        payload: { level: 'error', message: 'payment declined', logger: 'payments', cassetteSessionId: SESSION, _sourcecategory: 'prod/payments', _sourcehost: 'api-1', _receipttime: String(at(7) + 250) },
        source: 'sumologic',
        level: 'error',
      },
      { time: at(6), index: 1, name: 'prod/api', message: `WARN stock low cassetteSessionId=${SESSION}`, payload: { _sourcecategory: 'prod/api', _sourcehost: 'api-1', _receipttime: String(at(6) + 250) }, source: 'sumologic', level: 'warn' },
      { time: at(5), index: 2, name: 'prod/api', message: `GET /cart 200 cassetteSessionId=${SESSION}`, payload: { _sourcecategory: 'prod/api', _sourcehost: 'api-1', _receipttime: String(at(5) + 250) }, source: 'sumologic', level: 'info' },
    ]);
    const job = sumo.jobs.at(-1)!;
    expect(job.region).toBe('au');
    expect(job.body).toEqual({ query: `"cassetteSessionId" AND "${SESSION}"`, from: '2026-11-27T09:50:00', to: '2026-11-27T10:00:00', timeZone: 'UTC' });
    expect(job.polls).toBe(2);
    expect(job.deleted).toBe(true);
    expect(sumo.cookieless).toBe(0);
  });

  it('proves the connection by creating a search job and deleting it', async () => {
    const before = sumo.jobs.length;
    await source().checkConnection({ accessId: 'suUS2', accessKey: 'us2-key', region: 'us2' }, ctx);
    expect(sumo.jobs.slice(before).map((j) => [j.region, j.polls, j.deleted])).toEqual([['us2', 0, true]]);
  });

  it('says the credentials are refused (basic auth), naming the access id', async () => {
    expect(await failureOf(source().checkConnection({ ...CONFIG, accessKey: 'wrong' }, ctx))).toEqual({
      reason: 'auth',
      message: 'Sumo Logic refused the access ID suABCDEF123456 ("Credential could not be verified."): check the access ID and the access key, and that the key\'s user may run searches.',
    });
  });

  it('says to slow down on 429 rate.limit.exceeded', async () => {
    sumo.behaviour.rateLimited = true;
    try {
      expect(await failureOf(source().fetchLogs(CONFIG, QUERY, ctx))).toEqual({
        reason: 'rate_limited',
        message: 'Sumo Logic is limiting searches from this access key (rate limit exceeded): try again in a minute.',
        retryAfterSeconds: 20,
      });
    } finally {
      sumo.behaviour.rateLimited = false;
    }
  });

  it('gives up after the timeout when Sumo Logic is slow to answer', async () => {
    sumo.behaviour.delayMs = 2_000;
    try {
      expect(await failureOf(source().fetchLogs(CONFIG, QUERY, ctx))).toMatchObject({ reason: 'timeout', message: expect.stringMatching(/^Sumo Logic did not answer within 1 s: try again later, or check that .+ is the tool's address\.$/) });
    } finally {
      sumo.behaviour.delayMs = 0;
    }
  });

  it('gives up on a search that never finishes gathering, and still deletes the job', async () => {
    sumo.behaviour.neverDone = true;
    try {
      expect(await failureOf(source({ searchTimeoutMs: 100 }).fetchLogs(CONFIG, QUERY, ctx))).toEqual({
        reason: 'timeout',
        message: "Sumo Logic's search did not finish within 0.1 seconds: try again in a moment.",
      });
      expect(sumo.jobs.at(-1)!.deleted).toBe(true);
    } finally {
      sumo.behaviour.neverDone = false;
    }
  });

  it("talks to Sumo Logic's own hosts by default: api.sumologic.com for us1, api.<deployment>.sumologic.com otherwise", () => {
    expect(sumoLogicApiUrl('us1')).toBe('https://api.sumologic.com');
    expect(sumoLogicApiUrl('au')).toBe('https://api.au.sumologic.com');
  });

  it('goes through the safe outbound client: an endpoint on a private address is refused before the keys are sent', async () => {
    const intranet = createSumoLogicLogSource({ endpoint: 'http://192.168.1.20/{region}', timeoutMs: 400, pollIntervalMs: 10, searchTimeoutMs: 1_000 });
    expect(await failureOf(intranet.checkConnection(CONFIG, ctx))).toEqual({
      reason: 'refused_address',
      message: "Sumo Logic at 192.168.1.20 is not on a public address, so Cassette does not call it: use the tool's public address, or ask the operator to allow this host and port (CASSETTE_OUTBOUND_ALLOW_HOSTS).",
    });
  });
});
