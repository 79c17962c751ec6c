// One call to Jira Cloud's REST API v3 through the kernel's safe outbound client, with basic
// auth (account e-mail and API token), and every way it can fail turned into a sentence for
// the user (an IntegrationFailure).
import { integrationFailure, toolTransportFailure, type OutboundResponse } from '@cassette/plugin-sdk/server';
import type { IntegrationContext } from '@cassette/plugin-integrations/api';
import type { JiraConfig } from '../api.js';

export interface JiraRequest {
  method?: 'GET' | 'POST';
  /** From the site root: `/rest/api/3/myself`. */
  path: string;
  body?: unknown;
  /** The sentence for a 404: what was not found, and what to check. */
  notFound: string;
}

const TIMEOUT_MS = 15_000;
/** Jira answers a project list or an issue with its comments well under this. */
const MAX_BYTES = 5 * 1024 * 1024;

/** Seconds to wait from a Retry-After header (seconds, or an HTTP date); undefined when absent or unreadable. */
export function retryAfterSeconds(header: string | string[] | undefined, now: number): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Jira's own words on a refused request (`errorMessages`, `errors` by field), when it gave some. */
function jiraErrors(body: Buffer): string {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { errorMessages?: unknown; errors?: unknown };
    const messages = Array.isArray(parsed.errorMessages) ? parsed.errorMessages.filter((m): m is string => typeof m === 'string') : [];
    const byField = parsed.errors && typeof parsed.errors === 'object' ? Object.entries(parsed.errors as Record<string, unknown>).map(([field, m]) => `${field}: ${String(m)}`) : [];
    return [...messages, ...byField].join('; ').slice(0, 500);
  } catch {
    return '';
  }
}

function failureOfAnswer(res: OutboundResponse, request: JiraRequest, now: number): Error {
  const said = jiraErrors(res.body);
  switch (res.status) {
    case 401:
      return integrationFailure('auth', 'Jira refused the username and API token: check that the username is your Atlassian account e-mail and make a new API token at id.atlassian.com › Security › API tokens.');
    case 403:
      return integrationFailure('auth', `Jira refused this account the request${said ? ` (${said})` : ''}: check that it may browse the project and create issues in it.`);
    case 404:
      return integrationFailure('not_found', request.notFound);
    case 429: {
      const wait = retryAfterSeconds(res.headers['retry-after'], now);
      return integrationFailure('rate_limited', `Jira asked to slow down: try again${wait !== undefined ? ` in ${wait} seconds` : ' in a minute'}.`, wait);
    }
    case 400:
      return integrationFailure('bad_answer', `Jira refused the request${said ? `: ${said}` : ''}. Check the project and issue type.`);
    default:
      return res.status >= 500
        ? integrationFailure('unreachable', `Jira answered with an error (HTTP ${res.status}): try again in a moment.`)
        : integrationFailure('bad_answer', `Jira answered HTTP ${res.status}: check the Jira URL.`);
  }
}

/** The parsed JSON answer of a 2xx (null for an empty body); an IntegrationFailure otherwise. */
export async function jiraCall<T>(config: JiraConfig, ctx: IntegrationContext, request: JiraRequest): Promise<T> {
  const headers: Record<string, string> = {
    Authorization: `Basic ${Buffer.from(`${config.username}:${config.token}`).toString('base64')}`,
    Accept: 'application/json',
  };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: OutboundResponse;
  try {
    res = await ctx.outboundHttp.fetch(`${config.url}${request.path}`, {
      method: request.method ?? 'GET',
      headers,
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_BYTES,
      maxRedirects: 3,
    });
  } catch (error) {
    throw toolTransportFailure({ tool: 'Jira', url: config.url, timeoutMs: TIMEOUT_MS }, error);
  }
  if (res.status < 200 || res.status > 299) throw failureOfAnswer(res, request, ctx.now());
  if (res.body.length === 0) return null as T;
  try {
    return JSON.parse(res.body.toString('utf8')) as T;
  } catch {
    throw integrationFailure('bad_answer', 'Jira answered something that is not its API: check the Jira URL.');
  }
}
