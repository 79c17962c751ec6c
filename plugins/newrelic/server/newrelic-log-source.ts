import { SESSION_TAG, type BackendLogLine, type IntegrationConfig, type IntegrationContext, type LogQuery, type LogSource } from '@cassette/plugin-integrations/api';
import { runNrql } from './insights-query.js';
import { logLineOf } from './log-line.js';
import { NEWRELIC_FIELDS, readNewRelicConfig, validateNewRelicConfig } from './newrelic-config.js';
import type { NewRelicSettings } from './settings.js';

/** The most events one NRQL query returns. */
const NRQL_MAX_LIMIT = 2000;

export const NEWRELIC_SETUP_GUIDE = `Send your backend's logs to New Relic Logs with the session's id as a \`${SESSION_TAG}\` attribute of each log event (a field of your logger's context), or as \`${SESSION_TAG}=<id>\` in its message. The site's frontend reads the id from the tracker and sends it with its API calls (a header). Cassette queries the Insights query API with NRQL, \`SELECT * FROM Log WHERE ${SESSION_TAG} = '<id>'\` within the session's time window, with the account's query key.`;

/** A NRQL string literal. */
const nrqlString = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
/** A LIKE pattern matching the text anywhere (its own % and _ escaped). */
const nrqlContains = (value: string) => nrqlString(`%${value.replace(/[%_]/g, '\\$&')}%`);

export function sessionNrql(query: LogQuery): string {
  const limit = Math.min(NRQL_MAX_LIMIT, Math.max(1, query.limit));
  return `SELECT * FROM Log WHERE ${SESSION_TAG} = ${nrqlString(query.sessionId)} OR message LIKE ${nrqlContains(`${SESSION_TAG}=${query.sessionId}`)} SINCE ${Math.floor(query.from)} UNTIL ${Math.ceil(query.to)} LIMIT ${limit}`;
}

/** The New Relic log source, querying the operator's query API URLs (settings). */
export function createNewRelicLogSource(settings: NewRelicSettings): LogSource {
  return {
    id: 'newrelic',
    label: 'New Relic',
    description: 'Backend log lines from New Relic Logs, queried with NRQL.',
    fields: NEWRELIC_FIELDS,
    setupGuide: NEWRELIC_SETUP_GUIDE,
    validate: validateNewRelicConfig,

    async checkConnection(raw: IntegrationConfig, ctx: IntegrationContext): Promise<void> {
      // A count over the last minute: proves the account, the key and the data center.
      await runNrql('SELECT count(*) FROM Log SINCE 1 minute ago', readNewRelicConfig(raw), settings, ctx);
    },

    async fetchLogs(raw: IntegrationConfig, query: LogQuery, ctx: IntegrationContext): Promise<BackendLogLine[]> {
      const answer = await runNrql(sessionNrql(query), readNewRelicConfig(raw), settings, ctx);
      const events = answer.results?.[0]?.events ?? [];
      // NRQL lists events newest first.
      return [...events]
        .sort((a, b) => Number(a.timestamp) - Number(b.timestamp))
        .slice(0, query.limit)
        .map((event, index) => logLineOf(event, index));
    },
  };
}
