// GitLab's REST API v4, as the provider calls it: through the kernel's safe outbound client
// (the instance URL is the user's, so a private address is refused unless the operator allowed
// it), with the token in `PRIVATE-TOKEN`, and each failure turned into a sentence for the user.
import { integrationFailure, isIntegrationFailure, OutboundHttpError } from '@cassette/plugin-sdk/server';
import type { IntegrationConfig, IntegrationContext } from '@cassette/plugin-integrations/api';

/** GitLab answers in well under this; a stuck instance should not hold the player's dialog. */
const TIMEOUT_MS = 10_000;

export const GITLAB_DEFAULT_URL = 'https://gitlab.com';

/** `/api/v4` of the configured instance, without a trailing slash. */
export function apiBase(config: IntegrationConfig): string {
  return `${String(config.url || GITLAB_DEFAULT_URL).replace(/\/+$/, '')}/api/v4`;
}

/** One request; answers the parsed JSON, or throws an IntegrationFailure the user can act on. */
export async function gitlab<T>(config: IntegrationConfig, ctx: IntegrationContext, path: string, options: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<T> {
  const url = `${apiBase(config)}${path}`;
  let response;
  try {
    response = await ctx.outboundHttp.fetch(url, {
      method: options.method ?? 'GET',
      headers: { 'PRIVATE-TOKEN': String(config.token), Accept: 'application/json', ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      timeoutMs: TIMEOUT_MS,
      maxBytes: 5 * 1024 * 1024,
    });
  } catch (error) {
    throw transportFailure(error);
  }
  if (response.status === 401) throw integrationFailure('auth', 'GitLab refused the token: create a personal access token with the api scope and paste it again.');
  if (response.status === 403) throw integrationFailure('auth', 'GitLab refused the request: the token needs the api scope and at least the Reporter role in the project.');
  if (response.status === 404) throw integrationFailure('not_found', 'GitLab does not know this project or issue, or the token cannot see it.');
  if (response.status === 429) {
    const retryAfter = Number(response.headers['retry-after']);
    const seconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
    throw integrationFailure('rate_limited', `GitLab asked to slow down: try again${seconds ? ` in ${seconds} s` : ' in a minute'}.`, seconds);
  }
  if (response.status < 200 || response.status >= 300) throw integrationFailure('bad_answer', `GitLab answered ${response.status}: try again, or check the instance's status.`);
  try {
    return JSON.parse(response.body.toString('utf8')) as T;
  } catch {
    throw integrationFailure('bad_answer', 'GitLab answered something that is not JSON: check that the URL is the instance itself (https://gitlab.example.com), not a page on it.');
  }
}

function transportFailure(error: unknown): Error {
  if (isIntegrationFailure(error) || !(error instanceof OutboundHttpError)) return error as Error;
  switch (error.code) {
    case 'refused_address':
      return integrationFailure('refused_address', "The GitLab URL points to an address that is not public; an operator can allow it with CASSETTE_OUTBOUND_ALLOW_HOSTS.");
    case 'timeout':
      return integrationFailure('timeout', `GitLab did not answer within ${TIMEOUT_MS / 1000} s: check the URL, or try again later.`);
    case 'invalid_url':
      return integrationFailure('unreachable', 'The GitLab URL is not a valid http(s) address.');
    default:
      return integrationFailure('unreachable', 'GitLab could not be reached: check the URL.');
  }
}
