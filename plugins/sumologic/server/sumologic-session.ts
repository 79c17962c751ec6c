import { integrationFailure, toolTransportFailure, type OutboundMethod } from '@cassette/plugin-sdk/server';
import type { IntegrationContext } from '@cassette/plugin-integrations/api';
import type { SumoLogicConfig } from '../api.js';
import { sumoLogicApiUrl } from './regions.js';
import type { SumoLogicSettings } from './settings.js';

export interface SumoLogicSession {
  call<T>(method: OutboundMethod, path: string, body?: object): Promise<T>;
}

/**
 * Calls to Sumo Logic's API with basic auth (access id and key) that keep the cookies Sumo Logic
 * sets: a search job lives on the node that created it, and its later calls must carry them.
 */
export function openSumoLogicSession(config: SumoLogicConfig, settings: SumoLogicSettings, ctx: IntegrationContext): SumoLogicSession {
  const base = (settings.endpoint ? settings.endpoint.replaceAll('{region}', config.region) : sumoLogicApiUrl(config.region)).replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${config.accessId}:${config.accessKey}`).toString('base64')}`;
  const cookies = new Map<string, string>();
  return {
    async call<T>(method: OutboundMethod, path: string, body?: object): Promise<T> {
      const headers: Record<string, string> = { authorization, accept: 'application/json' };
      if (body) headers['content-type'] = 'application/json';
      if (cookies.size) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      let response;
      try {
        response = await ctx.outboundHttp.fetch(`${base}${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}), timeoutMs: settings.timeoutMs, maxRedirects: 0 });
      } catch (error) {
        throw toolTransportFailure({ tool: 'Sumo Logic', url: `${base}${path}`, timeoutMs: settings.timeoutMs }, error);
      }
      const setCookie = response.headers['set-cookie'];
      for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      }
      const text = response.body.toString('utf8');
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : {};
      } catch {
        // Judged by the status below.
      }
      if (response.status >= 200 && response.status < 300 && parsed !== null) return parsed as T;
      throw failureFromSumoLogic(response.status, parsed as SumoLogicError | null, config, response.headers['retry-after']);
    },
  };
}

/** Sumo Logic's error document. */
interface SumoLogicError {
  status?: number;
  code?: string;
  message?: string;
}

function failureFromSumoLogic(status: number, error: SumoLogicError | null, config: SumoLogicConfig, retryAfter?: string | string[]): Error {
  const quoted = error?.message ? ` ("${error.message}")` : '';
  if (status === 401 || status === 403) {
    return integrationFailure('auth', `Sumo Logic refused the access ID ${config.accessId}${quoted}: check the access ID and the access key, and that the key's user may run searches.`);
  }
  if (status === 301 || status === 302 || status === 307 || status === 308) {
    return integrationFailure('not_found', `Sumo Logic says the account is not in the ${config.region} deployment${quoted}: choose the deployment your Sumo Logic address names (service.<deployment>.sumologic.com).`);
  }
  if (status === 429) {
    const seconds = Number(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter);
    return integrationFailure('rate_limited', 'Sumo Logic is limiting searches from this access key (rate limit exceeded): try again in a minute.', Number.isFinite(seconds) && seconds > 0 ? seconds : undefined);
  }
  if (status === 404) return integrationFailure('bad_answer', `Sumo Logic lost the search job${quoted}: try again.`);
  if (status >= 500) return integrationFailure('unreachable', `Sumo Logic answered ${status}${quoted}: the service is unavailable, try again later.`);
  return integrationFailure('bad_answer', `Sumo Logic refused the search (${status})${quoted}.`);
}
