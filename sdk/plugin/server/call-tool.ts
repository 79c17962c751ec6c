import { integrationFailure, type IntegrationFailure } from './integration-failure.js';
import { OutboundHttpError, type OutboundHttpClient, type OutboundMethod } from './outbound-http.js';

/**
 * One authenticated call to an integrated tool's HTTP API (Sentry, Datadog, Jira…), through the
 * kernel's safe outbound client, with every way it can fail turned into an
 * `integrationFailure` whose message names the tool and says what to do. Each integration
 * writes its request and reads its answer; none writes the status-and-error sorting again.
 */
export interface ToolCall {
  /** As the user knows it: 'Sentry', 'Elasticsearch'. Every message starts with it. */
  tool: string;
  url: string;
  method?: OutboundMethod;
  headers?: Record<string, string>;
  /** Sent as JSON with `Content-Type: application/json`. */
  json?: unknown;
  /** Whole exchange, ms (default 15 s): a tool slower than that leaves the player waiting. */
  timeoutMs?: number;
  /** Largest answer read, bytes (default 5 MiB). */
  maxBytes?: number;
  /** The fix for the user, in the tool's words, per failure the tool can answer. */
  fixes?: ToolFixes;
  /**
   * Seconds to wait read from a 429's headers when the tool does not send `Retry-After`
   * (Datadog's `X-RateLimit-Reset`, Rollbar's `X-Rate-Limit-Remaining-Seconds`).
   */
  retryAfter?(headers: Record<string, string | string[] | undefined>): number | undefined;
}

export interface ToolFixes {
  /** 401/403: 'check that the token has the event:read scope.' */
  auth?: string;
  /** 404: 'check the organization and project slugs.' */
  notFound?: string;
}

export interface ToolAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (null for an empty body). */
  body: unknown;
}

export const DEFAULT_TOOL_TIMEOUT_MS = 15_000;
const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

/** Calls the tool; a 2xx JSON answer comes back, anything else is thrown as an `IntegrationFailure`. */
export async function callTool(http: OutboundHttpClient, call: ToolCall): Promise<ToolAnswer> {
  const timeoutMs = call.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
  const headers: Record<string, string> = { Accept: 'application/json', ...call.headers };
  let body: string | undefined;
  if (call.json !== undefined) {
    body = JSON.stringify(call.json);
    headers['Content-Type'] = 'application/json';
  }
  let response;
  try {
    response = await http.fetch(call.url, { method: call.method ?? 'GET', headers, body, timeoutMs, maxBytes: call.maxBytes ?? DEFAULT_MAX_BYTES });
  } catch (error) {
    if (error instanceof OutboundHttpError) throw transportFailure(call, error, timeoutMs);
    throw error;
  }
  const { status } = response;
  if (status >= 200 && status < 300) return { status, headers: response.headers, body: parseJson(call, response.body) };
  const said = toolSays(response.body);
  if (status === 401 || status === 403) {
    const what = status === 401 ? 'refused the credentials' : 'refused access with these credentials';
    throw integrationFailure('auth', `${call.tool} ${what} (${status}${said}): ${call.fixes?.auth ?? 'check them in the tool and save them again.'}`);
  }
  if (status === 404) {
    throw integrationFailure('not_found', `${call.tool} found nothing at this address (404${said}): ${call.fixes?.notFound ?? 'check the names in the configuration.'}`);
  }
  if (status === 429) {
    const seconds = retryAfterSeconds(response.headers) ?? call.retryAfter?.(response.headers);
    const when = seconds === undefined ? 'try again in a minute' : `try again in ${seconds} s`;
    throw integrationFailure('rate_limited', `${call.tool} asked to slow down (429): too many requests for now; ${when}.`, seconds);
  }
  if (status >= 500) {
    throw integrationFailure('unreachable', `${call.tool} is having trouble (${status}${said}): try again later, or check the tool's status page.`);
  }
  throw integrationFailure('bad_answer', `${call.tool} did not accept the request (${status}${said}): check the configuration.`);
}

/** The tool's JSON answer; an answer that is not JSON is a `bad_answer`. */
function parseJson(call: ToolCall, raw: Buffer): unknown {
  const text = raw.toString('utf8');
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw integrationFailure('bad_answer', `${call.tool} answered something that is not JSON: check that the address is the tool's API.`);
  }
}

/**
 * What the safe outbound client's refusal or a dead connection means to the user, in callTool's
 * words, for a tool whose request callTool cannot make itself (a signed, form-encoded or cookie
 * request) and whose answers it reads itself. Anything that is not an `OutboundHttpError` is a
 * bug and comes back as it was thrown.
 */
export function toolTransportFailure(call: Pick<ToolCall, 'tool' | 'url' | 'timeoutMs'>, error: unknown): Error {
  if (!(error instanceof OutboundHttpError)) return error instanceof Error ? error : new Error(String(error));
  return transportFailure(call, error, call.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS);
}

function transportFailure(call: Pick<ToolCall, 'tool' | 'url'>, error: OutboundHttpError, timeoutMs: number): IntegrationFailure {
  const where = hostOf(error.url || call.url);
  switch (error.code) {
    case 'timeout':
      return integrationFailure('timeout', `${call.tool} did not answer within ${Math.round(timeoutMs / 1000) || 1} s: try again later, or check that ${where} is the tool's address.`);
    case 'refused_address':
      return integrationFailure(
        'refused_address',
        `${call.tool} at ${where} is not on a public address, so Cassette does not call it: use the tool's public address, or ask the operator to allow this host and port (CASSETTE_OUTBOUND_ALLOW_HOSTS).`,
      );
    case 'too_large':
      return integrationFailure('bad_answer', `${call.tool} answered more than Cassette reads at once: narrow the search (fewer indexes or a shorter session).`);
    case 'too_many_redirects':
      return integrationFailure('unreachable', `${call.tool} at ${where} redirected too many times: check the address.`);
    case 'invalid_url':
      return integrationFailure('unreachable', `${call.tool}'s address ${where} is not a valid http(s) address: check the host.`);
    case 'bad_status':
    case 'network':
    default:
      return integrationFailure('unreachable', `Cassette could not connect to ${call.tool} at ${where}: check the host and port, and that the tool is running.`);
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** `Retry-After` in seconds or as an HTTP date. */
function retryAfterSeconds(headers: Record<string, string | string[] | undefined>): number | undefined {
  const value = headers['retry-after'];
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim());
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** The error text tools put in their JSON error answers, as `: "…"` for the message (at most 200 characters). */
function toolSays(raw: Buffer): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    return '';
  }
  const text = errorText(parsed);
  if (!text) return '';
  const short = text.length > 200 ? `${text.slice(0, 199)}…` : text;
  return `: "${short}"`;
}

function errorText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return undefined;
  const o = value as Record<string, unknown>;
  // Sentry `detail`, Rollbar and Bugsnag `message`, Elasticsearch `error.reason`, Datadog and Bugsnag `errors[]`.
  for (const key of ['detail', 'message', 'reason', 'error_description']) if (typeof o[key] === 'string' && o[key]) return o[key] as string;
  if (o.error !== undefined) return errorText(o.error);
  if (Array.isArray(o.errors) && o.errors.length > 0) return errorText(o.errors[0]);
  return undefined;
}
