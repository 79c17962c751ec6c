// Sentry's events API: the project's events tagged with the session's id, within its window.
import { callTool, integrationFailure, type ToolCall } from '@cassette/plugin-sdk/server';
import { SESSION_TAG, type BackendLogLevel, type BackendLogLine, type IntegrationConfig, type IntegrationContext, type LogQuery, type LogSource } from '@cassette/plugin-integrations/api';
import { SENTRY_FIELDS, sentryConfig, validateSentryConfig } from './sentry-config.js';

export interface SentryLogSourceOptions {
  /** Sentry's address (a self-hosted Sentry, or a stand-in in tests). */
  apiBase?: string | (() => string);
  timeoutMs?: number;
}

const FIXES = {
  auth: 'check that the token is an auth token with the project:read and event:read scopes (Sentry › Settings › Auth Tokens).',
  notFound: "check the organization slug and the project slug (both are in the project's settings in Sentry).",
};

/** Sentry's levels: fatal, error, warning, info, debug. */
const LEVELS: Record<string, BackendLogLevel> = { fatal: 'error', error: 'error', warning: 'warn', info: 'info', debug: 'debug' };

export const SENTRY_SETUP_GUIDE = [
  `Tag every event your backend sends to Sentry while it serves a recorded visit with \`${SESSION_TAG}\`: the tracker's session id, which your frontend forwards to the backend (a header on its API calls).`,
  '',
  '```js',
  `Sentry.setTag('${SESSION_TAG}', req.get('X-Cassette-Session-Id'));`,
  '```',
  '',
  `Cassette then asks Sentry for the project's events with \`${SESSION_TAG}:<id>\` in the session's time window.`,
].join('\n');

/** Where Sentry is unless the operator names another address in the plugin's settings. */
export const SENTRY_API_BASE = 'https://sentry.io';

export function createSentryLogSource(options: SentryLogSourceOptions = {}): LogSource {
  const apiBase = () => (typeof options.apiBase === 'function' ? options.apiBase() : (options.apiBase ?? SENTRY_API_BASE)).replace(/\/+$/, '');
  const call = (ctx: IntegrationContext, config: IntegrationConfig, path: string) => {
    const { token } = sentryConfig(config);
    const request: ToolCall = {
      tool: 'Sentry',
      url: `${apiBase()}${path}`,
      headers: { Authorization: `Bearer ${token}` },
      fixes: FIXES,
      timeoutMs: options.timeoutMs,
      // Sentry also says when the window resets, as epoch seconds.
      retryAfter: (headers) => secondsUntil(headers['x-sentry-rate-limit-reset'], ctx.now()),
    };
    return callTool(ctx.outboundHttp, request);
  };
  const projectPath = (config: IntegrationConfig) => {
    const { organizationSlug, projectSlug } = sentryConfig(config);
    return `/api/0/projects/${encodeURIComponent(organizationSlug)}/${encodeURIComponent(projectSlug)}`;
  };

  return {
    id: 'sentry',
    label: 'Sentry',
    description: "The events your backend sent to Sentry during a session, in the player's Backend logs.",
    fields: SENTRY_FIELDS,
    setupGuide: SENTRY_SETUP_GUIDE,
    validate: validateSentryConfig,
    async checkConnection(config, ctx) {
      const answer = await call(ctx, config, `${projectPath(config)}/`);
      const project = answer.body as { slug?: unknown } | null;
      if (!project || typeof project !== 'object' || typeof project.slug !== 'string') throw notSentry();
    },
    async fetchLogs(config, query, ctx) {
      const params = new URLSearchParams({
        query: `${SESSION_TAG}:"${query.sessionId.replace(/["\\]/g, '')}"`,
        start: new Date(query.from).toISOString(),
        end: new Date(query.to).toISOString(),
        full: 'true',
      });
      const answer = await call(ctx, config, `${projectPath(config)}/events/?${params}`);
      if (!Array.isArray(answer.body)) throw notSentry();
      return sentryEventsToLines(answer.body, query);
    },
  };
}

interface SentryEvent {
  id?: unknown;
  eventID?: unknown;
  groupID?: unknown;
  title?: unknown;
  message?: unknown;
  dateCreated?: unknown;
  platform?: unknown;
  tags?: unknown;
  user?: unknown;
}

/** Sentry's list answer → log lines, earliest first, within the window and the limit. */
export function sentryEventsToLines(events: unknown[], query: LogQuery): BackendLogLine[] {
  const lines: Omit<BackendLogLine, 'index'>[] = [];
  for (const raw of events) {
    if (!raw || typeof raw !== 'object') throw notSentry();
    const event = raw as SentryEvent;
    const time = typeof event.dateCreated === 'string' ? Date.parse(event.dateCreated) : NaN;
    if (Number.isNaN(time)) throw notSentry();
    if (time < query.from || time > query.to) continue;
    const tags = tagMap(event.tags);
    const message = typeof event.message === 'string' && event.message !== '' ? event.message : typeof event.title === 'string' ? event.title : '';
    lines.push({
      time,
      name: tags.logger ?? tags.server_name ?? (typeof event.platform === 'string' ? event.platform : ''),
      message,
      payload: { eventID: event.eventID ?? event.id ?? null, groupID: event.groupID ?? null, title: event.title ?? null, tags, user: event.user ?? null },
      source: 'sentry',
      level: LEVELS[tags.level ?? ''] ?? 'error',
    });
  }
  lines.sort((a, b) => a.time - b.time);
  return lines.slice(0, query.limit).map((line, index) => ({ ...line, index }));
}

function tagMap(tags: unknown): Record<string, string> {
  const map: Record<string, string> = {};
  if (!Array.isArray(tags)) return map;
  for (const tag of tags) {
    if (tag && typeof tag === 'object' && typeof tag.key === 'string' && typeof tag.value === 'string') map[tag.key] = tag.value;
  }
  return map;
}

function secondsUntil(header: string | string[] | undefined, now: number): number | undefined {
  const value = Number(Array.isArray(header) ? header[0] : header);
  return Number.isFinite(value) && value > 0 ? Math.max(0, Math.ceil(value - now / 1000)) : undefined;
}

const notSentry = () => integrationFailure('bad_answer', "Sentry answered in a shape Cassette does not know: check that the address is Sentry's API (https://sentry.io or your own Sentry).");
