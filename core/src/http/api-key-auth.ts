import type { EntityManager } from '@mikro-orm/core';
import type { FastifyRequest } from 'fastify';
import { HttpError, tooManyRequests } from '@cassette/plugin-sdk/server';
import type { LoginRateLimiter } from '../auth/login-rate-limiter.js';
import { API_KEY_PREFIX, tenantIdForApiKey } from '../domain/organization-api-key.js';
import { bearerToken } from './caller-resolver.js';

export const API_KEY_REQUIRED = 'An API key is required: send the organization API key (Preferences › Account) as Authorization: Bearer <key>';
export const NOT_AN_API_KEY = `That is not an organization API key (login tokens are not accepted here): send the key from Preferences › Account, which starts with ${API_KEY_PREFIX}, as Authorization: Bearer <key>`;
export const UNKNOWN_API_KEY = 'Unknown API key: it may have been replaced by a new one. Copy the current key from Preferences › Account.';
export const API_KEY_ON_USER_ROUTE = 'The organization API key only opens build-pipeline routes (such as the source-map upload): log in to use this one.';

export function isApiKeyShaped(token: string | null): boolean {
  return token?.startsWith(API_KEY_PREFIX) ?? false;
}

/**
 * The tenant whose organization API key the request carries, or a 401 saying what to send.
 * Only wrong keys of the right shape count towards the per-IP limit: they are what guessing
 * looks like, while a login token sent by mistake can never succeed anyway.
 */
export async function authenticateApiKey(request: FastifyRequest, em: EntityManager, limiter: LoginRateLimiter): Promise<number> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw new HttpError(401, API_KEY_REQUIRED);
  if (!isApiKeyShaped(token)) throw new HttpError(401, NOT_AN_API_KEY);
  const wait = limiter.retryAfterForIp(request.ip);
  if (wait > 0) throw tooManyRequests(`Too many attempts with a wrong API key from this address. Try again in ${wait} seconds.`, wait);
  const tenantId = await tenantIdForApiKey(em, token);
  if (tenantId === null) {
    limiter.recordIpFailure(request.ip);
    throw new HttpError(401, UNKNOWN_API_KEY);
  }
  return tenantId;
}
