import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import type { IntegrationContext, IntegrationFailure, LogQuery } from '@cassette/plugin-integrations/api';
import { startCloudWatchStandIn, type CloudWatchStandIn } from '../testing/cloudwatch-stand-in.js';
import { createCloudWatchLogSource } from './cloudwatch-log-source.js';

const NOW = Date.UTC(2026, 10, 27, 10, 0, 0);
const SESSION = '7153920846217331';
const KEY_ID = 'AKIAIOSFODNN7EXAMPLE';
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const CONFIG = { awsAccessKeyId: KEY_ID, awsSecretAccessKey: SECRET, logGroupName: '/shop/api', region: 'eu-west-1' };
const QUERY: LogQuery = { sessionId: SESSION, userId: 'ada@example.test', from: NOW - 10 * 60_000, to: NOW, limit: 100 };

const at = (minutesAgo: number) => NOW - minutesAgo * 60_000;

/** Rejects with an IntegrationFailure: its reason and the sentence the user reads. */
async function failureOf(promise: Promise<unknown>): Promise<{ reason: string; message: string }> {
  const error = (await promise.then(() => null, (e: unknown) => e)) as IntegrationFailure | null;
  expect(error, 'expected the call to fail').toBeInstanceOf(Error);
  return { reason: error!.integrationFailure, message: error!.message };
}

describe('CloudWatch log source against a CloudWatch Logs stand-in that checks Signature V4', () => {
  let standIn: CloudWatchStandIn;
  let elsewhere: CloudWatchStandIn;
  let t: TestKernel;
  let ctx: IntegrationContext;
  const source = () => createCloudWatchLogSource({ endpoint: standIn.origin, timeoutMs: 400 });

  beforeAll(async () => {
    standIn = await startCloudWatchStandIn({
      keys: { [KEY_ID]: SECRET },
      region: 'eu-west-1',
      now: () => NOW,
      pageSize: 2,
      logGroups: {
        '/shop/api': [
          { logStreamName: 'api-1', timestamp: at(5), message: `GET /cart 200 cassetteSessionId=${SESSION}` },
          { logStreamName: 'api-2', timestamp: at(7), message: JSON.stringify({ level: 'error', message: 'payment declined', logger: 'payments', cassetteSessionId: SESSION, orderId: 'A-17' }) },
          { logStreamName: 'api-1', timestamp: at(6), message: `WARN stock low for sku 42 cassetteSessionId=${SESSION}` },
          { logStreamName: 'api-1', timestamp: at(6), message: 'GET /cart 200 cassetteSessionId=99999' },
          { logStreamName: 'api-1', timestamp: at(4), message: `request ${SESSION}0 took 4 ms` },
          { logStreamName: 'api-1', timestamp: at(30), message: `GET /home 200 cassetteSessionId=${SESSION}` },
        ],
      },
    });
    elsewhere = await startCloudWatchStandIn({ keys: { [KEY_ID]: SECRET }, logGroups: {} });
    t = await createTestKernel({ env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: standIn.hostPort } });
    ctx = { outboundHttp: t.kernel.resolve(coreServices.outboundHttp), log: t.kernel.resolve(coreServices.logger), now: () => NOW };
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
    await elsewhere?.close();
  });

  it('validates the four fields as the spec says, and the region among the 18', () => {
    const cw = source();
    expect(cw.validate(CONFIG)).toEqual({});
    expect(cw.validate({ awsAccessKeyId: ' ', awsSecretAccessKey: '', logGroupName: '', region: '' })).toEqual({
      awsAccessKeyId: 'AWS access key ID is required',
      awsSecretAccessKey: 'AWS secret access key is required',
      logGroupName: 'Log group name is required',
      region: 'Region is required',
    });
    expect(cw.validate({ ...CONFIG, region: 'evil.example.com/#' }).region).toMatch(/^Region must be one of us-east-1, us-east-2, /);
    const regions = cw.fields.find((f) => f.key === 'region')!;
    expect(regions.default).toBe('us-east-1');
    expect(regions.options).toHaveLength(18);
    expect(cw.fields.find((f) => f.key === 'awsSecretAccessKey')!.kind).toBe('secret');
  });

  it("fetches the session's tagged lines in its window, page after page, signed for the region, earliest first", async () => {
    const before = standIn.accepted.length;
    const lines = await source().fetchLogs(CONFIG, QUERY, ctx);
    expect(lines).toEqual([
      {
        time: at(7),
        index: 0,
        name: 'payments',
        message: 'payment declined',
        payload: { level: 'error', message: 'payment declined', logger: 'payments', cassetteSessionId: SESSION, orderId: 'A-17', logStreamName: 'api-2', eventId: expect.any(String) },
        source: 'cloudwatch',
        level: 'error',
      },
      { time: at(6), index: 1, name: 'api-1', message: `WARN stock low for sku 42 cassetteSessionId=${SESSION}`, payload: { logStreamName: 'api-1', eventId: expect.any(String) }, source: 'cloudwatch', level: 'warn' },
      { time: at(5), index: 2, name: 'api-1', message: `GET /cart 200 cassetteSessionId=${SESSION}`, payload: { logStreamName: 'api-1', eventId: expect.any(String) }, source: 'cloudwatch', level: 'info' },
    ]);
    const calls = standIn.accepted.slice(before);
    // Four events match the quoted id in the window; two a page.
    expect(calls.map((c) => c.input.nextToken ?? null)).toEqual([null, '2']);
    expect(calls[0]!.target).toBe('Logs_20140328.FilterLogEvents');
    expect(calls[0]!.input).toEqual({ logGroupName: '/shop/api', filterPattern: `"${SESSION}"`, startTime: QUERY.from, endTime: QUERY.to, limit: 100 });
    expect(calls[0]!.headers.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${KEY_ID}/20261127/eu-west-1/logs/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, Signature=[0-9a-f]{64}$`));
    expect(calls[0]!.headers['x-amz-date']).toBe('20261127T100000Z');
  });

  it('proves the connection with one FilterLogEvents call on the last minute', async () => {
    const before = standIn.accepted.length;
    await source().checkConnection(CONFIG, ctx);
    expect(standIn.accepted.slice(before).map((c) => c.input)).toEqual([{ logGroupName: '/shop/api', startTime: NOW - 60_000, endTime: NOW, limit: 1 }]);
  });

  it('says the secret is wrong when AWS refuses the signature', async () => {
    expect(await failureOf(source().fetchLogs({ ...CONFIG, awsSecretAccessKey: 'not-the-secret' }, QUERY, ctx))).toEqual({
      reason: 'auth',
      message:
        'CloudWatch refused the request\'s signature ("The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details."): check the AWS secret access key.',
    });
  });

  it('says the access key id is unknown', async () => {
    expect(await failureOf(source().checkConnection({ ...CONFIG, awsAccessKeyId: 'AKIAUNKNOWN000000000' }, ctx))).toEqual({
      reason: 'auth',
      message: 'CloudWatch does not know the access key ID AKIAUNKNOWN000000000 ("The security token included in the request is invalid."): check the AWS access key ID.',
    });
  });

  it('says which log group is missing in which region', async () => {
    expect(await failureOf(source().checkConnection({ ...CONFIG, logGroupName: '/shop/typo' }, ctx))).toEqual({
      reason: 'not_found',
      message: 'CloudWatch has no log group "/shop/typo" in eu-west-1: check the log group name and the region.',
    });
  });

  it('says to slow down when AWS throttles', async () => {
    standIn.behaviour.throttle = true;
    try {
      expect(await failureOf(source().fetchLogs(CONFIG, QUERY, ctx))).toEqual({
        reason: 'rate_limited',
        message: 'CloudWatch is limiting requests from this access key (rate exceeded): try again in a minute.',
      });
    } finally {
      standIn.behaviour.throttle = false;
    }
  });

  it('gives up after the timeout when CloudWatch is slow', async () => {
    standIn.behaviour.delayMs = 2_000;
    try {
      expect(await failureOf(source().fetchLogs(CONFIG, QUERY, ctx))).toMatchObject({ reason: 'timeout', message: expect.stringMatching(/^CloudWatch did not answer within 1 s: try again later, or check that .+ is the tool's address\.$/) });
    } finally {
      standIn.behaviour.delayMs = 0;
    }
  });

  it('goes through the safe outbound client: an endpoint on a private address is refused', async () => {
    const intranet = createCloudWatchLogSource({ endpoint: elsewhere.origin, timeoutMs: 400 });
    expect(await failureOf(intranet.checkConnection(CONFIG, ctx))).toEqual({
      reason: 'refused_address',
      message: `CloudWatch at ${elsewhere.hostPort} is not on a public address, so Cassette does not call it: use the tool's public address, or ask the operator to allow this host and port (CASSETTE_OUTBOUND_ALLOW_HOSTS).`,
    });
    expect(elsewhere.accepted).toHaveLength(0);
  });
});
