// Bugsnag's Data Access API (v2): the project's events whose `cassette` metadata tab holds the
// session's id, filtered by Bugsnag itself, in the session's window.
import { callTool, integrationFailure } from '@cassette/plugin-sdk/server';
import { SESSION_TAG, type BackendLogLevel, type BackendLogLine, type IntegrationConfig, type IntegrationContext, type LogQuery, type LogSource } from '@cassette/plugin-integrations/api';
import { BUGSNAG_FIELDS, bugsnagConfig, validateBugsnagConfig } from './bugsnag-config.js';

export interface BugsnagLogSourceOptions {
  /** The Data Access API's address (an on-premise Bugsnag, or a stand-in in tests). */
  apiBase?: string | (() => string);
  timeoutMs?: number;
}

/** The metadata tab the backend puts the session's id in, and the event field Bugsnag filters on. */
export const METADATA_TAB = 'cassette';
export const SESSION_FILTER_FIELD = `metadata.${METADATA_TAB}.${SESSION_TAG}`;
/** Bugsnag's largest page. */
const MAX_PAGE = 100;

const FIXES = {
  auth: 'check that the authorization token is a personal auth token of a user who can see the project (Bugsnag › Settings › My account).',
  notFound: 'check the project id (the project list of your organization in the Data Access API shows it).',
};

const LEVELS: Record<string, BackendLogLevel> = { error: 'error', warning: 'warn', info: 'info' };

export const BUGSNAG_SETUP_GUIDE = [
  `Add the session to every event your backend reports to Bugsnag while it serves a recorded visit: a \`${METADATA_TAB}\` metadata tab with \`${SESSION_TAG}\`, the tracker's session id, which your frontend forwards to the backend (a header on its API calls).`,
  '',
  '```js',
  `Bugsnag.addMetadata('${METADATA_TAB}', '${SESSION_TAG}', req.get('X-Cassette-Session-Id'));`,
  '```',
  '',
  `Then make it searchable: in the project's settings, add a custom filter for the metadata field \`${METADATA_TAB}.${SESSION_TAG}\`. Cassette asks Bugsnag for the project's events with that field equal to the session's id, in its time window.`,
].join('\n');

/** The query of the events list: Bugsnag's `filters[<field>][][type|value]` pairs, the window, full reports, earliest first. */
export function bugsnagEventsParams(query: LogQuery): URLSearchParams {
  const params = new URLSearchParams();
  const filter = (field: string, value: string) => {
    params.append(`filters[${field}][][type]`, 'eq');
    params.append(`filters[${field}][][value]`, value);
  };
  filter('event.since', new Date(query.from).toISOString());
  filter('event.before', new Date(query.to).toISOString());
  filter(SESSION_FILTER_FIELD, query.sessionId);
  params.set('full_reports', 'true');
  params.set('sort', 'timestamp');
  params.set('direction', 'asc');
  params.set('per_page', String(Math.min(query.limit, MAX_PAGE)));
  return params;
}

/** Where Bugsnag is unless the operator names another address in the plugin's settings. */
export const BUGSNAG_API_BASE = 'https://api.bugsnag.com';

export function createBugsnagLogSource(options: BugsnagLogSourceOptions = {}): LogSource {
  const apiBase = () => (typeof options.apiBase === 'function' ? options.apiBase() : (options.apiBase ?? BUGSNAG_API_BASE)).replace(/\/+$/, '');
  const call = (config: IntegrationConfig, ctx: IntegrationContext, path: string) =>
    callTool(ctx.outboundHttp, {
      tool: 'Bugsnag',
      url: `${apiBase()}/projects/${encodeURIComponent(bugsnagConfig(config).bugsnagProjectId)}${path}`,
      headers: { Authorization: `token ${bugsnagConfig(config).authorizationToken}`, 'X-Version': '2' },
      fixes: FIXES,
      timeoutMs: options.timeoutMs,
    });

  return {
    id: 'bugsnag',
    label: 'Bugsnag',
    description: "The errors your backend reported to Bugsnag during a session, in the player's Backend logs.",
    fields: BUGSNAG_FIELDS,
    setupGuide: BUGSNAG_SETUP_GUIDE,
    validate: validateBugsnagConfig,
    async checkConnection(config, ctx) {
      const project = (await call(config, ctx, '')).body as { id?: unknown } | null;
      if (!project || typeof project !== 'object' || typeof project.id !== 'string') throw notBugsnag();
    },
    async fetchLogs(config, query, ctx) {
      const answer = await call(config, ctx, `/events?${bugsnagEventsParams(query)}`);
      if (!Array.isArray(answer.body)) throw notBugsnag();
      return bugsnagEventsToLines(answer.body, query);
    },
  };
}

interface BugsnagEvent {
  id?: unknown;
  error_id?: unknown;
  received_at?: unknown;
  severity?: unknown;
  context?: unknown;
  exceptions?: { errorClass?: unknown; message?: unknown }[];
  metaData?: unknown;
  app?: unknown;
  user?: unknown;
  request?: unknown;
}

/** The events → log lines, within the window, earliest first, within the limit. */
export function bugsnagEventsToLines(events: unknown[], query: LogQuery): BackendLogLine[] {
  const lines: Omit<BackendLogLine, 'index'>[] = [];
  for (const raw of events) {
    if (!raw || typeof raw !== 'object') throw notBugsnag();
    const event = raw as BugsnagEvent;
    const time = typeof event.received_at === 'string' ? Date.parse(event.received_at) : NaN;
    if (Number.isNaN(time)) throw notBugsnag();
    if (time < query.from || time > query.to) continue;
    const exception = Array.isArray(event.exceptions) ? event.exceptions[0] : undefined;
    lines.push({
      time,
      name: typeof event.context === 'string' ? event.context : '',
      message: exception ? [exception.errorClass, exception.message].filter((part) => typeof part === 'string' && part !== '').join(': ') : '',
      payload: { eventId: event.id ?? null, errorId: event.error_id ?? null, metaData: event.metaData ?? null, app: event.app ?? null, user: event.user ?? null, request: event.request ?? null },
      source: 'bugsnag',
      level: LEVELS[typeof event.severity === 'string' ? event.severity : ''] ?? 'error',
    });
  }
  lines.sort((a, b) => a.time - b.time);
  return lines.slice(0, query.limit).map((line, index) => ({ ...line, index }));
}

const notBugsnag = () => integrationFailure('bad_answer', "Bugsnag answered in a shape Cassette does not know: check that the address is Bugsnag's Data Access API (https://api.bugsnag.com).");
