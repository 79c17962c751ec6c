// One call to GitHub's REST API through the kernel's safe outbound client, with the token as a
// Bearer credential, and every way it can fail turned into a sentence for the user.
import { integrationFailure, toolTransportFailure, type OutboundResponse } from '@cassette/plugin-sdk/server';
import type { IntegrationContext } from '@cassette/plugin-integrations/api';

export const GITHUB_API_VERSION = '2022-11-28';
const TIMEOUT_MS = 15_000;
const MAX_BYTES = 5 * 1024 * 1024;

export interface GithubRequest {
  method?: 'GET' | 'POST';
  /** An absolute URL (a `Link` header's next page) or a path from the API base: `/user`. */
  path: string;
  body?: unknown;
  /** The sentence for a 404 (GitHub's answer also for a private repository the token cannot see). */
  notFound: string;
}

export interface GithubAnswer<T> {
  data: T;
  /** The `rel="next"` URL of a paginated list, when there is one. */
  next: string | null;
}

const header = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/** The `rel="next"` target of a Link header (`<https://api.github.com/user/repos?page=2>; rel="next", …`). */
export function nextLink(link: string | undefined): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?([^";]+)"?/.exec(part.trim());
    if (match && match[2]!.split(/\s+/).includes('next')) return match[1]!;
  }
  return null;
}

/** GitHub's own words on a refused request: `message` and each of `errors`. */
function githubMessage(body: Buffer): string {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { message?: unknown; errors?: unknown };
    const details = Array.isArray(parsed.errors)
      ? parsed.errors.map((e) => (typeof e === 'string' ? e : e && typeof e === 'object' ? String((e as { message?: unknown; field?: unknown; code?: unknown }).message ?? `${(e as { field?: unknown }).field} ${(e as { code?: unknown }).code}`) : '')).filter(Boolean)
      : [];
    return [typeof parsed.message === 'string' ? parsed.message : '', ...details].filter(Boolean).join(': ').slice(0, 500);
  } catch {
    return '';
  }
}

/**
 * GitHub says "slow down" with a 403 or a 429: the primary limit spent (`x-ratelimit-remaining: 0`,
 * wait until `x-ratelimit-reset`, epoch seconds), or a secondary limit (`retry-after` seconds,
 * or only its message: then a minute, as GitHub's documentation asks).
 */
function rateLimit(res: OutboundResponse, said: string, now: number): { waitSeconds: number } | null {
  const retryAfter = header(res.headers['retry-after']);
  if (retryAfter && /^\d+$/.test(retryAfter.trim())) return { waitSeconds: Number(retryAfter.trim()) };
  if (header(res.headers['x-ratelimit-remaining']) === '0') {
    const reset = Number(header(res.headers['x-ratelimit-reset']));
    return { waitSeconds: Number.isFinite(reset) && reset > 0 ? Math.max(0, Math.ceil(reset - now / 1000)) : 60 };
  }
  if (res.status === 429 || /rate limit/i.test(said)) return { waitSeconds: 60 };
  return null;
}

function failureOfAnswer(res: OutboundResponse, request: GithubRequest, now: number): Error {
  const said = githubMessage(res.body);
  if (res.status === 403 || res.status === 429) {
    const limited = rateLimit(res, said, now);
    if (limited) return integrationFailure('rate_limited', `GitHub asked to slow down: try again in ${limited.waitSeconds} seconds.`, limited.waitSeconds);
  }
  switch (res.status) {
    case 401:
      return integrationFailure('auth', 'GitHub refused the token: it may have expired or been revoked. Make a new one at github.com › Settings › Developer settings, with access to the repositories and their issues.');
    case 403:
      return integrationFailure('auth', `GitHub refused the token this request${said ? ` (${said})` : ''}: give it the Issues permission (read and write) on the repository.`);
    case 404:
    case 410:
      return integrationFailure('not_found', request.notFound);
    case 422:
      return integrationFailure('bad_answer', `GitHub refused the request${said ? `: ${said}` : ''}.`);
    default:
      return res.status >= 500
        ? integrationFailure('unreachable', `GitHub answered with an error (HTTP ${res.status}): try again in a moment.`)
        : integrationFailure('bad_answer', `GitHub answered HTTP ${res.status}${said ? ` (${said})` : ''}.`);
  }
}

/** The parsed answer of a 2xx and its next page; an IntegrationFailure otherwise. */
export async function githubCall<T>(apiUrl: string, token: string, ctx: IntegrationContext, request: GithubRequest): Promise<GithubAnswer<T>> {
  const url = /^https?:\/\//.test(request.path) ? request.path : `${apiUrl}${request.path}`;
  // A Link header is the API's own answer, but the token goes to the API's origin only.
  if (new URL(url).origin !== new URL(apiUrl).origin) throw integrationFailure('bad_answer', 'GitHub pointed the next page at another address.');
  const headers: Record<string, string> = {
    Authorization: `Bearer ${token}`,
    Accept: 'application/vnd.github+json',
    'X-GitHub-Api-Version': GITHUB_API_VERSION,
    'User-Agent': 'Cassette',
  };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: OutboundResponse;
  try {
    res = await ctx.outboundHttp.fetch(url, {
      method: request.method ?? 'GET',
      headers,
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_BYTES,
      maxRedirects: 3,
    });
  } catch (error) {
    throw toolTransportFailure({ tool: 'GitHub', url: url, timeoutMs: TIMEOUT_MS }, error);
  }
  if (res.status < 200 || res.status > 299) throw failureOfAnswer(res, request, ctx.now());
  let data: T;
  try {
    data = (res.body.length ? JSON.parse(res.body.toString('utf8')) : null) as T;
  } catch {
    throw integrationFailure('bad_answer', 'GitHub answered something that is not its API.');
  }
  return { data, next: nextLink(header(res.headers.link)) };
}
