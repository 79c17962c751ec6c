// Rollbar's API: the project's occurrences whose custom data holds the session's id, in its window.
// Rollbar has no search of occurrences by a custom field outside RQL (a paid add-on), so this
// reads the occurrence list, newest first, page by page back to the session's start.
import { callTool, integrationFailure } from '@cassette/plugin-sdk/server';
import { SESSION_TAG, type BackendLogLevel, type BackendLogLine, type IntegrationConfig, type IntegrationContext, type LogQuery, type LogSource } from '@cassette/plugin-integrations/api';
import { ROLLBAR_FIELDS, rollbarConfig, validateRollbarConfig } from './rollbar-config.js';

export interface RollbarLogSourceOptions {
  /** Rollbar's API address, or a stand-in in tests. */
  apiBase?: string | (() => string);
  timeoutMs?: number;
  /** Occurrence pages (20 each, newest first) read at most per session. */
  maxPages?: number;
}

const DEFAULT_MAX_PAGES = 10;

const FIXES = {
  auth: 'check that the access token is a project access token with the read scope (Project Settings › Project Access Tokens in Rollbar).',
  notFound: "check that the address is Rollbar's API (https://api.rollbar.com).",
};

/** Rollbar's levels: critical, error, warning, info, debug. */
const LEVELS: Record<string, BackendLogLevel> = { critical: 'error', error: 'error', warning: 'warn', info: 'info', debug: 'debug' };

export const ROLLBAR_SETUP_GUIDE = [
  `Report every item your backend sends to Rollbar while it serves a recorded visit with the custom field \`${SESSION_TAG}\`: the tracker's session id, which your frontend forwards to the backend (a header on its API calls).`,
  '',
  '```js',
  `rollbar.error(err, { ${SESSION_TAG}: req.get('X-Cassette-Session-Id') });`,
  '```',
  '',
  `Cassette then reads the project's occurrences of the session's time window and keeps those whose \`custom.${SESSION_TAG}\` is the session's id.`,
].join('\n');

export interface RollbarOccurrence {
  id?: unknown;
  item_id?: unknown;
  timestamp?: unknown;
  data?: {
    level?: unknown;
    environment?: unknown;
    context?: unknown;
    custom?: Record<string, unknown>;
    body?: unknown;
    request?: unknown;
    person?: unknown;
  };
}

/** Where Rollbar is unless the operator names another address in the plugin's settings. */
export const ROLLBAR_API_BASE = 'https://api.rollbar.com';

export function createRollbarLogSource(options: RollbarLogSourceOptions = {}): LogSource {
  const apiBase = () => (typeof options.apiBase === 'function' ? options.apiBase() : (options.apiBase ?? ROLLBAR_API_BASE)).replace(/\/+$/, '');
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  const occurrencesPage = async (config: IntegrationConfig, ctx: IntegrationContext, page: number): Promise<RollbarOccurrence[]> => {
    const answer = await callTool(ctx.outboundHttp, {
      tool: 'Rollbar',
      url: `${apiBase()}/api/1/instances/?page=${page}`,
      headers: { 'X-Rollbar-Access-Token': rollbarConfig(config).accessToken },
      fixes: FIXES,
      timeoutMs: options.timeoutMs,
      // Rollbar counts down its window in this header rather than sending Retry-After.
      retryAfter: (headers) => seconds(headers['x-rate-limit-remaining-seconds']),
    });
    const body = answer.body as { err?: unknown; message?: unknown; result?: { instances?: unknown } } | null;
    if (body && body.err !== 0 && typeof body.message === 'string') throw integrationFailure('bad_answer', `Rollbar refused the request: "${body.message}".`);
    const instances = body?.result?.instances;
    if (!Array.isArray(instances)) throw notRollbar();
    return instances as RollbarOccurrence[];
  };

  return {
    id: 'rollbar',
    label: 'Rollbar',
    description: "The errors and messages your backend reported to Rollbar during a session, in the player's Backend logs.",
    fields: ROLLBAR_FIELDS,
    setupGuide: ROLLBAR_SETUP_GUIDE,
    validate: validateRollbarConfig,
    async checkConnection(config, ctx) {
      await occurrencesPage(config, ctx, 1);
    },
    async fetchLogs(config, query, ctx) {
      const found: RollbarOccurrence[] = [];
      for (let page = 1; page <= maxPages; page++) {
        const occurrences = await occurrencesPage(config, ctx, page);
        found.push(...occurrences.filter((o) => String(o.data?.custom?.[SESSION_TAG] ?? '') === query.sessionId));
        const oldest = occurrences.at(-1);
        // Newest first: once a page reaches before the window, older pages hold nothing of it.
        if (occurrences.length === 0 || (oldest && occurrenceTime(oldest) < query.from)) break;
      }
      return rollbarOccurrencesToLines(found, query);
    },
  };
}

/** The occurrences → log lines, within the window, earliest first, within the limit. */
export function rollbarOccurrencesToLines(occurrences: RollbarOccurrence[], query: LogQuery): BackendLogLine[] {
  const lines: Omit<BackendLogLine, 'index'>[] = [];
  for (const occurrence of occurrences) {
    const time = occurrenceTime(occurrence);
    if (time < query.from || time > query.to) continue;
    const data = occurrence.data ?? {};
    lines.push({
      time,
      name: typeof data.context === 'string' ? data.context : typeof data.environment === 'string' ? data.environment : '',
      message: messageOf(data.body),
      payload: { occurrenceId: occurrence.id ?? null, itemId: occurrence.item_id ?? null, environment: data.environment ?? null, custom: data.custom ?? null, request: data.request ?? null, person: data.person ?? null },
      source: 'rollbar',
      level: LEVELS[typeof data.level === 'string' ? data.level : ''] ?? 'error',
    });
  }
  lines.sort((a, b) => a.time - b.time);
  return lines.slice(0, query.limit).map((line, index) => ({ ...line, index }));
}

function occurrenceTime(occurrence: RollbarOccurrence): number {
  // Rollbar's timestamps are Unix seconds.
  if (typeof occurrence.timestamp !== 'number') throw notRollbar();
  return occurrence.timestamp * 1000;
}

/** A message item's text, or an exception's `Class: message` (of a trace, or the first of a chain). */
function messageOf(body: unknown): string {
  const b = (body ?? {}) as { message?: { body?: unknown }; trace?: { exception?: { class?: unknown; message?: unknown } }; trace_chain?: { exception?: { class?: unknown; message?: unknown } }[] };
  if (typeof b.message?.body === 'string') return b.message.body;
  const exception = b.trace?.exception ?? b.trace_chain?.[0]?.exception;
  if (exception) return [exception.class, exception.message].filter((part) => typeof part === 'string' && part !== '').join(': ');
  return '';
}

function seconds(header: string | string[] | undefined): number | undefined {
  const value = Number(Array.isArray(header) ? header[0] : header);
  return Number.isFinite(value) && value >= 0 ? Math.ceil(value) : undefined;
}

const notRollbar = () => integrationFailure('bad_answer', "Rollbar answered in a shape Cassette does not know: check that the address is Rollbar's API (https://api.rollbar.com).");
