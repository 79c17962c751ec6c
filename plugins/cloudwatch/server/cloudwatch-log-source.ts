import { SESSION_TAG, type BackendLogLine, type IntegrationConfig, type IntegrationContext, type LogQuery, type LogSource } from '@cassette/plugin-integrations/api';
import { CLOUDWATCH_FIELDS, readCloudWatchConfig, validateCloudWatchConfig } from './cloudwatch-config.js';
import { callCloudWatchLogs } from './cloudwatch-client.js';
import { logLineOf, type FilteredLogEvent } from './log-line.js';
import type { CloudWatchSettings } from './settings.js';

interface FilterLogEventsOutput {
  events?: FilteredLogEvent[];
  nextToken?: string;
}

/** FilterLogEvents answers at most 10,000 events a page; a session's lines fit in a few. */
const MAX_PAGES = 5;

export const CLOUDWATCH_SETUP_GUIDE = `Write the session's id into every log line your backend writes while serving a recorded visit, as \`${SESSION_TAG}=<id>\` in a text line or as a \`${SESSION_TAG}\` field of a JSON line: the site's frontend reads the id from the tracker and sends it with its API calls (a header), the backend adds it to its logger's context. Cassette then calls CloudWatch Logs \`FilterLogEvents\` on the log group, for the session's id within the session's time window. The access key needs \`logs:FilterLogEvents\` on the log group.`;

/** Lines of one session: the id as a quoted term (text and JSON lines both contain it), then only lines tagged with it. */
function sessionFilterPattern(sessionId: string): string {
  return `"${sessionId.replace(/["\\]/g, '')}"`;
}

function isTagged(event: FilteredLogEvent, sessionId: string): boolean {
  const message = event.message ?? '';
  if (message.includes(`${SESSION_TAG}=${sessionId}`)) return true;
  const escaped = sessionId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`"${SESSION_TAG}"\\s*:\\s*"?${escaped}"?\\s*[,}]`).test(message);
}

/** The CloudWatch Logs log source, talking to the operator's endpoint (settings). */
export function createCloudWatchLogSource(settings: CloudWatchSettings): LogSource {
  return {
    id: 'cloudwatch',
    label: 'CloudWatch',
    description: 'Backend log lines from an Amazon CloudWatch Logs log group.',
    fields: CLOUDWATCH_FIELDS,
    setupGuide: CLOUDWATCH_SETUP_GUIDE,
    validate: validateCloudWatchConfig,

    async checkConnection(raw: IntegrationConfig, ctx: IntegrationContext): Promise<void> {
      // The call log lines are read with, on the last minute: proves the keys, the permission and the log group.
      const config = readCloudWatchConfig(raw);
      const now = ctx.now();
      await callCloudWatchLogs<FilterLogEventsOutput>('FilterLogEvents', { logGroupName: config.logGroupName, startTime: now - 60_000, endTime: now, limit: 1 }, config, settings, ctx);
    },

    async fetchLogs(raw: IntegrationConfig, query: LogQuery, ctx: IntegrationContext): Promise<BackendLogLine[]> {
      const config = readCloudWatchConfig(raw);
      const found: FilteredLogEvent[] = [];
      let nextToken: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const input = {
          logGroupName: config.logGroupName,
          filterPattern: sessionFilterPattern(query.sessionId),
          startTime: query.from,
          endTime: query.to,
          limit: Math.min(10_000, query.limit),
          ...(nextToken ? { nextToken } : {}),
        };
        const output = await callCloudWatchLogs<FilterLogEventsOutput>('FilterLogEvents', input, config, settings, ctx);
        found.push(...(output.events ?? []).filter((event) => isTagged(event, query.sessionId)));
        nextToken = output.nextToken;
        if (!nextToken || found.length >= query.limit) break;
      }
      return found
        .sort((a, b) => (a.timestamp ?? 0) - (b.timestamp ?? 0))
        .slice(0, query.limit)
        .map((event, index) => logLineOf(event, index));
    },
  };
}
