import { integrationFailure } from '@cassette/plugin-sdk/server';
import { SESSION_TAG, type BackendLogLine, type IntegrationConfig, type IntegrationContext, type LogQuery, type LogSource } from '@cassette/plugin-integrations/api';
import { listEntries, type LogEntry } from './cloud-logging-client.js';
import { googleAccessToken } from './google-access-token.js';
import { logLineOf } from './log-line.js';
import { parseServiceAccountKey, type ServiceAccountKey } from './service-account.js';
import type { StackdriverSettings } from './settings.js';
import { readStackdriverConfig, STACKDRIVER_FIELDS, validateStackdriverConfig } from './stackdriver-config.js';

/** entries:list answers at most 1,000 entries a page. */
const MAX_PAGE_SIZE = 1000;
const MAX_PAGES = 5;

export const STACKDRIVER_SETUP_GUIDE = `Write the session's id into every log entry your backend writes while serving a recorded visit: as a \`${SESSION_TAG}\` field of a structured (JSON) entry, or as \`${SESSION_TAG}=<id>\` in a text entry. The site's frontend reads the id from the tracker and sends it with its API calls (a header); the backend adds it to its logger's context. Cassette signs in as the service account (a JWT signed with its key, exchanged for an access token) and calls Cloud Logging \`entries:list\` on the log, for entries with the session's id within the session's time window. The service account needs the Logs Viewer role.`;

/** A Cloud Logging filter string literal. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/** `projects/<project>/logs/<log id, URL-encoded>`, unless the full name was given. */
export function fullLogName(logName: string, projectId: string): string {
  return logName.startsWith('projects/') ? logName : `projects/${projectId}/logs/${encodeURIComponent(logName)}`;
}

/** The logging query language: the log, the window, and the tag as a JSON field or in the text. */
export function sessionFilter(logName: string, sessionId: string, from: number, to: number): string {
  return [
    `logName=${quoted(logName)}`,
    `timestamp>=${quoted(new Date(from).toISOString())}`,
    `timestamp<=${quoted(new Date(to).toISOString())}`,
    `(jsonPayload.${SESSION_TAG}=${quoted(sessionId)} OR textPayload:${quoted(`${SESSION_TAG}=${sessionId}`)})`,
  ].join(' AND ');
}

function keyOf(credentials: string): ServiceAccountKey {
  const key = parseServiceAccountKey(credentials);
  if (typeof key === 'string') throw integrationFailure('auth', `${key}.`);
  return key;
}

/** The Google Cloud Logging log source, talking to the operator's API URL (settings). */
export function createStackdriverLogSource(settings: StackdriverSettings): LogSource {
  return {
    id: 'stackdriver',
    label: 'Google Cloud Logging',
    description: 'Backend log entries from Google Cloud Logging (Stackdriver).',
    fields: STACKDRIVER_FIELDS,
    setupGuide: STACKDRIVER_SETUP_GUIDE,
    validate: validateStackdriverConfig,

    async checkConnection(raw: IntegrationConfig, ctx: IntegrationContext): Promise<void> {
      // Sign in, then one entry of the log over the last minute: proves the key, the role and the log's project.
      const config = readStackdriverConfig(raw);
      const key = keyOf(config.serviceAccountCredentials);
      const token = await googleAccessToken(key, settings, ctx);
      const logName = fullLogName(config.logName, key.projectId);
      const now = ctx.now();
      const filter = `logName=${quoted(logName)} AND timestamp>=${quoted(new Date(now - 60_000).toISOString())}`;
      await listEntries({ resourceNames: [`projects/${key.projectId}`], filter, orderBy: 'timestamp desc', pageSize: 1 }, token, config.logName, settings, ctx);
    },

    async fetchLogs(raw: IntegrationConfig, query: LogQuery, ctx: IntegrationContext): Promise<BackendLogLine[]> {
      const config = readStackdriverConfig(raw);
      const key = keyOf(config.serviceAccountCredentials);
      const token = await googleAccessToken(key, settings, ctx);
      const filter = sessionFilter(fullLogName(config.logName, key.projectId), query.sessionId, query.from, query.to);
      const entries: LogEntry[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < MAX_PAGES && entries.length < query.limit; page++) {
        const request = { resourceNames: [`projects/${key.projectId}`], filter, orderBy: 'timestamp asc' as const, pageSize: Math.min(MAX_PAGE_SIZE, query.limit - entries.length), ...(pageToken ? { pageToken } : {}) };
        const answer = await listEntries(request, token, config.logName, settings, ctx);
        entries.push(...(answer.entries ?? []));
        pageToken = answer.nextPageToken;
        if (!pageToken) break;
      }
      return entries.slice(0, query.limit).map((entry, index) => logLineOf(entry, index));
    },
  };
}
