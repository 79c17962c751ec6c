// Datadog's Logs Search API v2: the lines whose `cassetteSessionId` attribute is the session's id.
import { callTool, integrationFailure } from '@cassette/plugin-sdk/server';
import { SESSION_TAG, type BackendLogLevel, type BackendLogLine, type IntegrationConfig, type IntegrationContext, type LogQuery, type LogSource } from '@cassette/plugin-integrations/api';
import { DATADOG_FIELDS, datadogConfig, validateDatadogConfig } from './datadog-config.js';

export interface DatadogLogSourceOptions {
  /** The API of the organization's Datadog site (https://api.datadoghq.eu…), or a stand-in in tests; read on each call. */
  apiBase?: string | (() => string);
  timeoutMs?: number;
}

/** US1, Datadog's first site; an operator names another in the plugin's settings. */
export const DATADOG_API_BASE = 'https://api.datadoghq.com';
const SEARCH_PATH = '/api/v2/logs/events/search';
/** Datadog's largest page. */
const MAX_PAGE = 1000;
/** How far back the connection check searches: any answer proves the keys, nothing needs to match. */
const CHECK_WINDOW_MS = 15 * 60_000;

const FIXES = {
  auth: 'check the API key and the application key (Organization Settings › API Keys and Application Keys), and that the application key may read logs (logs_read_data).',
  notFound: "check that the address is your Datadog site's API (api.datadoghq.com, api.datadoghq.eu…).",
};

/** Datadog's statuses (syslog severities and its own). */
const LEVELS: Record<string, BackendLogLevel> = {
  emergency: 'error', alert: 'error', critical: 'error', error: 'error', err: 'error', fatal: 'error',
  warning: 'warn', warn: 'warn',
  notice: 'info', info: 'info', ok: 'info',
  debug: 'debug', trace: 'debug',
};

export const DATADOG_SETUP_GUIDE = [
  `Add the attribute \`${SESSION_TAG}\` to every log line your backend writes while it serves a recorded visit: the tracker's session id, which your frontend forwards to the backend (a header on its API calls). In JSON logs:`,
  '',
  '```json',
  `{ "message": "Payment declined", "status": "warn", "service": "payments", "${SESSION_TAG}": "7311422951" }`,
  '```',
  '',
  `Cassette then searches Datadog for \`@${SESSION_TAG}:<id>\` in the session's time window.`,
].join('\n');

/** `@cassetteSessionId:<id>`, quoted when the id holds characters of Datadog's query syntax. */
export function datadogQuery(sessionId: string): string {
  return `@${SESSION_TAG}:${/^[\w-]+$/.test(sessionId) ? sessionId : JSON.stringify(sessionId)}`;
}

export function createDatadogLogSource(options: DatadogLogSourceOptions = {}): LogSource {
  const apiBase = () => (typeof options.apiBase === 'function' ? options.apiBase() : (options.apiBase ?? DATADOG_API_BASE)).replace(/\/+$/, '');
  const search = async (config: IntegrationConfig, ctx: IntegrationContext, filter: { query: string; from: string; to: string }, limit: number) => {
    const { apiKey, applicationKey } = datadogConfig(config);
    const answer = await callTool(ctx.outboundHttp, {
      tool: 'Datadog',
      url: `${apiBase()}${SEARCH_PATH}`,
      method: 'POST',
      headers: { 'DD-API-KEY': apiKey, 'DD-APPLICATION-KEY': applicationKey },
      json: { filter, sort: 'timestamp', page: { limit } },
      fixes: FIXES,
      timeoutMs: options.timeoutMs,
      // Datadog names the seconds until its window resets rather than sending Retry-After.
      retryAfter: (headers) => seconds(headers['x-ratelimit-reset']),
    });
    const body = answer.body as { data?: unknown } | null;
    if (!body || typeof body !== 'object' || !Array.isArray(body.data)) throw notDatadog();
    return body.data;
  };

  return {
    id: 'datadog',
    label: 'Datadog',
    description: "The log lines your backend sent to Datadog during a session, in the player's Backend logs.",
    fields: DATADOG_FIELDS,
    setupGuide: DATADOG_SETUP_GUIDE,
    validate: validateDatadogConfig,
    async checkConnection(config, ctx) {
      const now = ctx.now();
      await search(config, ctx, { query: '*', from: new Date(now - CHECK_WINDOW_MS).toISOString(), to: new Date(now).toISOString() }, 1);
    },
    async fetchLogs(config, query, ctx) {
      const data = await search(config, ctx, { query: datadogQuery(query.sessionId), from: new Date(query.from).toISOString(), to: new Date(query.to).toISOString() }, Math.min(query.limit, MAX_PAGE));
      return datadogLogsToLines(data, query);
    },
  };
}

/** Datadog's `data` → log lines, earliest first, within the limit. */
export function datadogLogsToLines(data: unknown[], query: LogQuery): BackendLogLine[] {
  const lines: Omit<BackendLogLine, 'index'>[] = data.map((raw) => {
    const attributes = (raw as { attributes?: unknown } | null)?.attributes as Record<string, unknown> | undefined;
    if (!attributes || typeof attributes !== 'object') throw notDatadog();
    const time = typeof attributes.timestamp === 'string' ? Date.parse(attributes.timestamp) : NaN;
    if (Number.isNaN(time)) throw notDatadog();
    const status = typeof attributes.status === 'string' ? attributes.status.toLowerCase() : '';
    return {
      time,
      name: typeof attributes.service === 'string' ? attributes.service : '',
      message: typeof attributes.message === 'string' ? attributes.message : '',
      payload: { id: (raw as { id?: unknown }).id ?? null, host: attributes.host ?? null, tags: attributes.tags ?? [], attributes: attributes.attributes ?? {} },
      source: 'datadog',
      level: LEVELS[status] ?? 'info',
    };
  });
  lines.sort((a, b) => a.time - b.time);
  return lines.slice(0, query.limit).map((line, index) => ({ ...line, index }));
}

function seconds(header: string | string[] | undefined): number | undefined {
  const value = Number(Array.isArray(header) ? header[0] : header);
  return Number.isFinite(value) && value >= 0 ? Math.ceil(value) : undefined;
}

const notDatadog = () => integrationFailure('bad_answer', "Datadog answered in a shape Cassette does not know: check that the address is your Datadog site's API.");
