import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import type { IntegrationContext, IntegrationFailure, LogQuery } from '@cassette/plugin-integrations/api';
import { startGoogleStandIn, type GoogleStandIn } from '../testing/google-stand-in.js';
import { createTestServiceAccount, type TestServiceAccount } from '../testing/service-account-key.js';
import { createStackdriverLogSource } from './stackdriver-log-source.js';

const NOW = Date.UTC(2026, 10, 27, 10, 0, 0);
const SESSION = '7153920846217331';
const PROJECT = 'shop-prod';
const LOG = `projects/${PROJECT}/logs/backend`;
const QUERY: LogQuery = { sessionId: SESSION, userId: null, from: NOW - 10 * 60_000, to: NOW, limit: 100 };
const iso = (minutesAgo: number) => new Date(NOW - minutesAgo * 60_000).toISOString();

async function failureOf(promise: Promise<unknown>): Promise<{ reason: string; message: string }> {
  const error = (await promise.then(() => null, (e: unknown) => e)) as IntegrationFailure | null;
  expect(error, 'expected the call to fail').toBeInstanceOf(Error);
  return { reason: error!.integrationFailure, message: error!.message };
}

describe('Google Cloud Logging log source against a token endpoint that verifies the service account JWT', () => {
  let google: GoogleStandIn;
  let account: TestServiceAccount;
  /** Same email, another key pair: what a deleted-and-recreated key looks like. */
  let revoked: TestServiceAccount;
  let t: TestKernel;
  let ctx: IntegrationContext;
  const source = () => createStackdriverLogSource({ apiUrl: google.origin, timeoutMs: 400 });
  const config = (overrides: Record<string, string> = {}) => ({ logName: 'backend', serviceAccountCredentials: account.keyFile, ...overrides });

  beforeAll(async () => {
    // The token URI lives in the key file, so the key is made once the stand-in has its port.
    const pending: { account?: TestServiceAccount } = {};
    google = await startGoogleStandIn({
      now: () => NOW,
      accounts: [{ clientEmail: `cassette-logs@${PROJECT}.iam.gserviceaccount.com`, projectId: PROJECT, get publicKey() { return pending.account!.publicKey; } }],
      entries: [
        { logName: LOG, timestamp: iso(5), severity: 'INFO', textPayload: `GET /cart 200 cassetteSessionId=${SESSION}` },
        { logName: LOG, timestamp: iso(7), severity: 'ERROR', jsonPayload: { message: 'payment declined', logger: 'payments', cassetteSessionId: SESSION, orderId: 'A-17' } },
        { logName: LOG, timestamp: iso(6), severity: 'WARNING', textPayload: `stock low cassetteSessionId=${SESSION}` },
        { logName: LOG, timestamp: iso(6), severity: 'INFO', textPayload: 'GET /cart 200 cassetteSessionId=99999' },
        { logName: `projects/${PROJECT}/logs/other`, timestamp: iso(6), textPayload: `cassetteSessionId=${SESSION}` },
        { logName: LOG, timestamp: iso(30), textPayload: `GET /home cassetteSessionId=${SESSION}` },
      ],
    });
    account = createTestServiceAccount({ projectId: PROJECT, tokenUri: google.tokenUri });
    pending.account = account;
    revoked = createTestServiceAccount({ projectId: PROJECT, tokenUri: google.tokenUri });
    t = await createTestKernel({ env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: google.hostPort } });
    ctx = { outboundHttp: t.kernel.resolve(coreServices.outboundHttp), log: t.kernel.resolve(coreServices.logger), now: () => NOW };
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  it('validates: both fields required, the credentials a key file one can sign in with', () => {
    const sd = source();
    expect(sd.validate(config())).toEqual({});
    expect(sd.validate({ logName: ' ', serviceAccountCredentials: '' })).toEqual({ logName: 'Log name is required', serviceAccountCredentials: 'Service account credentials are required' });
    expect(sd.validate(config({ serviceAccountCredentials: 'not json' })).serviceAccountCredentials).toBe('Service account credentials must be the JSON key file of the service account');
    expect(sd.validate(config({ serviceAccountCredentials: JSON.stringify({ project_id: PROJECT }) })).serviceAccountCredentials).toBe(
      'Service account credentials lack client_email, private_key: paste the whole JSON key file',
    );
    expect(sd.fields.find((f) => f.key === 'serviceAccountCredentials')!.kind).toBe('secret');
  });

  it("signs in with an RS256 JWT and lists the session's entries of the log in its window, earliest first", async () => {
    const signIns = google.assertions.length;
    const lines = await source().fetchLogs(config(), QUERY, ctx);
    expect(lines).toEqual([
      {
        time: NOW - 7 * 60_000,
        index: 0,
        name: 'payments',
        message: 'payment declined',
        payload: { message: 'payment declined', logger: 'payments', cassetteSessionId: SESSION, orderId: 'A-17', insertId: 'insert-0' },
        source: 'stackdriver',
        level: 'error',
      },
      { time: NOW - 6 * 60_000, index: 1, name: 'backend', message: `stock low cassetteSessionId=${SESSION}`, payload: { insertId: 'insert-1' }, source: 'stackdriver', level: 'warn' },
      { time: NOW - 5 * 60_000, index: 2, name: 'backend', message: `GET /cart 200 cassetteSessionId=${SESSION}`, payload: { insertId: 'insert-2' }, source: 'stackdriver', level: 'info' },
    ]);
    const [signIn] = google.assertions.slice(signIns);
    expect(signIn!.header).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678' });
    expect(signIn!.claims).toEqual({
      iss: account.clientEmail,
      scope: 'https://www.googleapis.com/auth/logging.read',
      aud: google.tokenUri,
      iat: NOW / 1000,
      exp: NOW / 1000 + 3600,
    });
    const listed = google.listed.at(-1)!;
    expect(listed.authorization).toMatch(/^Bearer ya29\.stand-in-\d+$/);
    expect(listed.body).toEqual({
      resourceNames: [`projects/${PROJECT}`],
      filter: `logName="${LOG}" AND timestamp>="${iso(10)}" AND timestamp<="${iso(0)}" AND (jsonPayload.cassetteSessionId="${SESSION}" OR textPayload:"cassetteSessionId=${SESSION}")`,
      orderBy: 'timestamp asc',
      pageSize: 100,
    });
  });

  it('proves the connection: a sign-in, then one entry of the log over the last minute', async () => {
    const before = google.listed.length;
    await source().checkConnection(config({ logName: LOG }), ctx);
    expect(google.listed.slice(before).map((l) => l.body)).toEqual([{ resourceNames: [`projects/${PROJECT}`], filter: `logName="${LOG}" AND timestamp>="${iso(1)}"`, orderBy: 'timestamp desc', pageSize: 1 }]);
  });

  it('says the key is refused when the JWT is signed with another key', async () => {
    expect(await failureOf(source().checkConnection(config({ serviceAccountCredentials: revoked.keyFile }), ctx))).toEqual({
      reason: 'auth',
      message: `Google refused the service account ${account.clientEmail} ("Invalid JWT Signature."): check that the account and its key still exist, or create a new key and paste its JSON file.`,
    });
  });

  it("is refused when the JWT's lifetime is not around Google's clock (a server clock two hours behind)", async () => {
    const lateClock = { ...ctx, now: () => NOW - 2 * 3600_000 };
    expect(await failureOf(source().checkConnection(config(), lateClock))).toEqual({
      reason: 'auth',
      message: `Google refused the sign-in's time ("Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim."): the Cassette server's clock is off; ask the operator to set it right.`,
    });
  });

  it("says the service account lacks the role when the project is not the key's", async () => {
    const otherProject = JSON.stringify({ ...JSON.parse(account.keyFile), project_id: 'someone-else' });
    expect(await failureOf(source().checkConnection(config({ serviceAccountCredentials: otherProject }), ctx))).toEqual({
      reason: 'auth',
      message: 'Google Cloud Logging refused the service account ("The caller does not have permission on projects/someone-else"): give it the Logs Viewer role (roles/logging.viewer) on the project.',
    });
  });

  it('says to slow down on 429 RESOURCE_EXHAUSTED', async () => {
    google.behaviour.rateLimited = true;
    try {
      expect(await failureOf(source().fetchLogs(config(), QUERY, ctx))).toEqual({
        reason: 'rate_limited',
        message: 'Google Cloud Logging is limiting reads for this project (quota exceeded): try again in a minute.',
      });
    } finally {
      google.behaviour.rateLimited = false;
    }
  });

  it('gives up after the timeout when Google is slow', async () => {
    google.behaviour.delayMs = 2_000;
    try {
      expect(await failureOf(source().fetchLogs(config(), QUERY, ctx))).toMatchObject({ reason: 'timeout', message: expect.stringMatching(/^Google did not answer within 1 s: try again later, or check that .+ is the tool's address\.$/) });
    } finally {
      google.behaviour.delayMs = 0;
    }
  });

  it('goes through the safe outbound client: a token URI on a private address is refused', async () => {
    const inside = createTestServiceAccount({ projectId: PROJECT, tokenUri: 'http://10.0.0.8/token' });
    expect(await failureOf(source().checkConnection(config({ serviceAccountCredentials: inside.keyFile }), ctx))).toEqual({
      reason: 'refused_address',
      message: "Google at 10.0.0.8 is not on a public address, so Cassette does not call it: use the tool's public address, or ask the operator to allow this host and port (CASSETTE_OUTBOUND_ALLOW_HOSTS).",
    });
  });
});
