import { SESSION_TAG, type BackendLogLine, type IntegrationConfig, type IntegrationContext, type LogQuery, type LogSource } from '@cassette/plugin-integrations/api';
import { logLineOf } from './log-line.js';
import { proveSearchAccess, runSearchJob, type SumoLogicMessage } from './search-job.js';
import type { SumoLogicSettings } from './settings.js';
import { readSumoLogicConfig, SUMOLOGIC_FIELDS, validateSumoLogicConfig } from './sumologic-config.js';
import { openSumoLogicSession } from './sumologic-session.js';

export const SUMOLOGIC_SETUP_GUIDE = `Write the session's id into every log line your backend writes while serving a recorded visit, as \`${SESSION_TAG}=<id>\` in a text line or as a \`${SESSION_TAG}\` field of a JSON line: the site's frontend reads the id from the tracker and sends it with its API calls (a header), the backend adds it to its logger's context. Cassette runs a search through Sumo Logic's Search Job API for the tag and the id within the session's time window, reads its messages and deletes the job. The access key's user needs the right to run searches.`;

/** Sumo Logic's keyword search: both the tag and the id, in any form the line carries them. */
function sessionSearch(sessionId: string): string {
  return `"${SESSION_TAG}" AND "${sessionId.replace(/["\\]/g, '')}"`;
}

function isTagged(message: SumoLogicMessage, sessionId: string): boolean {
  const raw = message.map._raw ?? '';
  if (raw.includes(`${SESSION_TAG}=${sessionId}`)) return true;
  const escaped = sessionId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`"${SESSION_TAG}"\\s*:\\s*"?${escaped}"?\\s*[,}]`).test(raw);
}

/** The Sumo Logic log source, talking to the operator's endpoint (settings). */
export function createSumoLogicLogSource(settings: SumoLogicSettings): LogSource {
  return {
    id: 'sumologic',
    label: 'Sumo Logic',
    description: 'Backend log lines from a Sumo Logic search.',
    fields: SUMOLOGIC_FIELDS,
    setupGuide: SUMOLOGIC_SETUP_GUIDE,
    validate: validateSumoLogicConfig,

    async checkConnection(raw: IntegrationConfig, ctx: IntegrationContext): Promise<void> {
      const config = readSumoLogicConfig(raw);
      await proveSearchAccess(openSumoLogicSession(config, settings, ctx), `"${SESSION_TAG}"`, ctx.now());
    },

    async fetchLogs(raw: IntegrationConfig, query: LogQuery, ctx: IntegrationContext): Promise<BackendLogLine[]> {
      const config = readSumoLogicConfig(raw);
      const session = openSumoLogicSession(config, settings, ctx);
      const messages = await runSearchJob(session, { query: sessionSearch(query.sessionId), from: query.from, to: query.to, limit: query.limit }, settings, ctx);
      return messages
        .filter((message) => isTagged(message, query.sessionId))
        .sort((a, b) => Number(a.map._messagetime) - Number(b.map._messagetime))
        .slice(0, query.limit)
        .map((message, index) => logLineOf(message, index));
    },
  };
}
