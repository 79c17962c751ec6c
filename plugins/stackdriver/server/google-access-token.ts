import { importPKCS8, SignJWT } from 'jose';
import { integrationFailure, toolTransportFailure } from '@cassette/plugin-sdk/server';
import type { IntegrationContext } from '@cassette/plugin-integrations/api';
import type { ServiceAccountKey } from './service-account.js';
import type { StackdriverSettings } from './settings.js';

/** Reading log entries needs no more than this scope. */
export const LOGGING_READ_SCOPE = 'https://www.googleapis.com/auth/logging.read';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/**
 * Google's service-account sign-in (OAuth 2.0 for server to server): a JWT naming the account,
 * the scope and the token URL, signed RS256 with the account's private key, exchanged at the
 * token URL for an access token valid an hour.
 */
export async function googleAccessToken(key: ServiceAccountKey, settings: StackdriverSettings, ctx: IntegrationContext): Promise<string> {
  let signingKey;
  try {
    signingKey = await importPKCS8(key.privateKey, 'RS256');
  } catch {
    throw integrationFailure('auth', "The service account's private key could not be read: paste the JSON key file Google created, unchanged.");
  }
  const issuedAt = Math.floor(ctx.now() / 1000);
  const assertion = await new SignJWT({ scope: LOGGING_READ_SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(key.privateKeyId ? { kid: key.privateKeyId } : {}) })
    .setIssuer(key.clientEmail)
    .setAudience(key.tokenUri)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 3600)
    .sign(signingKey);

  let response;
  try {
    response = await ctx.outboundHttp.fetch(key.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: JWT_BEARER, assertion }).toString(),
      timeoutMs: settings.timeoutMs,
      maxRedirects: 0,
    });
  } catch (error) {
    throw toolTransportFailure({ tool: 'Google', url: key.tokenUri, timeoutMs: settings.timeoutMs }, error);
  }
  let answer: { access_token?: string; error?: string; error_description?: string } = {};
  try {
    answer = JSON.parse(response.body.toString('utf8')) as typeof answer;
  } catch {
    // Judged by the status below.
  }
  if (response.status === 200 && typeof answer.access_token === 'string') return answer.access_token;
  const said = answer.error_description ?? answer.error;
  const quoted = said ? ` ("${said}")` : '';
  if (response.status === 429) throw integrationFailure('rate_limited', 'Google is limiting sign-ins of this service account: try again in a minute.');
  if (response.status === 400 && /\biat\b|\bexp\b/.test(said ?? '')) {
    throw integrationFailure('auth', `Google refused the sign-in's time${quoted}: the Cassette server's clock is off; ask the operator to set it right.`);
  }
  if (response.status === 400 || response.status === 401 || response.status === 403) {
    throw integrationFailure('auth', `Google refused the service account ${key.clientEmail}${quoted}: check that the account and its key still exist, or create a new key and paste its JSON file.`);
  }
  throw integrationFailure(response.status >= 500 ? 'unreachable' : 'bad_answer', `Google's sign-in answered ${response.status}${quoted}: try again later.`);
}
