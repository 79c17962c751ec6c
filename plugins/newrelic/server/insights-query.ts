import { integrationFailure, toolTransportFailure } from '@cassette/plugin-sdk/server';
import type { IntegrationContext } from '@cassette/plugin-integrations/api';
import type { NewRelicConfig } from '../api.js';
import type { NewRelicSettings } from './settings.js';

/** The answer of the Insights query API: one result per SELECT item (`events` for `SELECT *`). */
export interface InsightsAnswer {
  results?: { events?: Record<string, unknown>[]; count?: number }[];
}

/**
 * One NRQL query through the Insights query API (`GET /v1/accounts/<id>/query?nrql=…` with the
 * `X-Query-Key` header) of the account's data center; New Relic's refusals become failures the
 * user can act on.
 */
export async function runNrql(nrql: string, config: NewRelicConfig, settings: NewRelicSettings, ctx: IntegrationContext): Promise<InsightsAnswer> {
  const base = (config.region === 'EU' ? settings.euApiUrl : settings.usApiUrl).replace(/\/+$/, '');
  const url = `${base}/v1/accounts/${encodeURIComponent(config.applicationId)}/query?nrql=${encodeURIComponent(nrql)}`;
  let response;
  try {
    response = await ctx.outboundHttp.fetch(url, { headers: { accept: 'application/json', 'x-query-key': config.xQueryKey }, timeoutMs: settings.timeoutMs, maxRedirects: 0 });
  } catch (error) {
    throw toolTransportFailure({ tool: 'New Relic', url, timeoutMs: settings.timeoutMs }, error);
  }
  const text = response.body.toString('utf8');
  let parsed: (InsightsAnswer & { error?: string }) | null = null;
  try {
    parsed = JSON.parse(text) as InsightsAnswer & { error?: string };
  } catch {
    // Judged by the status below.
  }
  if (response.status === 200 && parsed) return parsed;
  const quoted = parsed?.error ? ` ("${parsed.error}")` : '';
  const other = config.region === 'EU' ? 'US' : 'EU';
  if (response.status === 401 || response.status === 403) {
    throw integrationFailure('auth', `New Relic refused the query key for account ${config.applicationId}${quoted}: check the account ID and the query key, and that the account is in the ${config.region} data center (not ${other}).`);
  }
  if (response.status === 404) throw integrationFailure('not_found', `New Relic has no account ${config.applicationId} in the ${config.region} data center${quoted}: check the account ID and the data center.`);
  if (response.status === 429) {
    const seconds = Number(response.headers['retry-after']);
    throw integrationFailure('rate_limited', 'New Relic is limiting queries from this account: try again in a minute.', Number.isFinite(seconds) && seconds > 0 ? seconds : undefined);
  }
  if (response.status >= 500) throw integrationFailure('unreachable', `New Relic answered ${response.status}${quoted}: the query API is unavailable, try again later.`);
  throw integrationFailure('bad_answer', `New Relic did not run the query (${response.status})${quoted}.`);
}
