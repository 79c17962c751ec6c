// Elasticsearch's search API on the user's own cluster: the documents whose `cassetteSessionId`
// field is the session's id, in its time window. The host is the user's, so every call goes
// through the safe outbound client like any other (no private addresses unless allow-listed).
import { callTool, integrationFailure } from '@cassette/plugin-sdk/server';
import { SESSION_TAG, type BackendLogLevel, type BackendLogLine, type IntegrationConfig, type IntegrationContext, type LogQuery, type LogSource } from '@cassette/plugin-integrations/api';
import { ELASTICSEARCH_FIELDS, clusterOrigin, elasticsearchConfig, validateElasticsearchConfig } from './elasticsearch-config.js';

export interface ElasticsearchLogSourceOptions {
  timeoutMs?: number;
}

const FIXES = {
  auth: 'check the API key id and the API key, and that the key may read the indexes (the "read" index privilege).',
  notFound: 'check the indexes: one of them does not exist on this cluster (patterns like *log* match none without failing).',
};

const LEVELS: Record<string, BackendLogLevel> = {
  fatal: 'error', critical: 'error', crit: 'error', error: 'error', err: 'error', emergency: 'error', alert: 'error',
  warn: 'warn', warning: 'warn',
  info: 'info', notice: 'info', information: 'info',
  debug: 'debug', trace: 'debug', verbose: 'debug',
};

export const ELASTICSEARCH_SETUP_GUIDE = [
  `Index a \`${SESSION_TAG}\` field with every log document your backend writes while it serves a recorded visit: the tracker's session id, which your frontend forwards to the backend (a header on its API calls). Keep the time in \`@timestamp\`:`,
  '',
  '```json',
  `{ "@timestamp": "2026-11-20T10:02:00Z", "log.level": "warn", "message": "Payment declined", "${SESSION_TAG}": "7311422951" }`,
  '```',
  '',
  `Cassette then searches the configured indexes for documents whose \`${SESSION_TAG}\` is the session's id and whose \`@timestamp\` is in its time window.`,
].join('\n');

/** The search body: the session's documents in the window, earliest first. */
export function elasticsearchSearchBody(query: LogQuery): object {
  return {
    size: query.limit,
    sort: [{ '@timestamp': { order: 'asc', unmapped_type: 'date' } }],
    query: {
      bool: {
        filter: [{ match_phrase: { [SESSION_TAG]: query.sessionId } }, { range: { '@timestamp': { gte: query.from, lte: query.to, format: 'epoch_millis' } } }],
      },
    },
  };
}

export function createElasticsearchLogSource(options: ElasticsearchLogSourceOptions = {}): LogSource {
  const search = async (config: IntegrationConfig, ctx: IntegrationContext, body: object) => {
    const { host, port, apiKeyId, apiKey, indexes } = elasticsearchConfig(config);
    const path = indexes.split(',').map(encodeURIComponent).join(',');
    const answer = await callTool(ctx.outboundHttp, {
      tool: 'Elasticsearch',
      url: `${clusterOrigin(host, port)}/${path}/_search`,
      method: 'POST',
      headers: { Authorization: `ApiKey ${Buffer.from(`${apiKeyId}:${apiKey}`).toString('base64')}` },
      json: body,
      fixes: FIXES,
      timeoutMs: options.timeoutMs,
    });
    const hits = (answer.body as { hits?: { hits?: unknown } } | null)?.hits?.hits;
    if (!Array.isArray(hits)) throw notElasticsearch();
    return hits;
  };

  return {
    id: 'elasticsearch',
    label: 'Elasticsearch',
    description: "The log documents your backend indexed in Elasticsearch during a session, in the player's Backend logs.",
    fields: ELASTICSEARCH_FIELDS,
    setupGuide: ELASTICSEARCH_SETUP_GUIDE,
    validate: validateElasticsearchConfig,
    async checkConnection(config, ctx) {
      // A search of nothing: proves the address, the key and its read privilege on the indexes.
      await search(config, ctx, { size: 0, track_total_hits: false, query: { match_all: {} } });
    },
    async fetchLogs(config, query, ctx) {
      return elasticsearchHitsToLines(await search(config, ctx, elasticsearchSearchBody(query)), query);
    },
  };
}

/** The hits → log lines, earliest first, within the limit. */
export function elasticsearchHitsToLines(hits: unknown[], query: LogQuery): BackendLogLine[] {
  const lines: Omit<BackendLogLine, 'index'>[] = hits.map((raw) => {
    const hit = raw as { _index?: unknown; _id?: unknown; _source?: unknown } | null;
    const source = hit?._source as Record<string, unknown> | undefined;
    if (!source || typeof source !== 'object') throw notElasticsearch();
    const stamp = source['@timestamp'];
    const time = typeof stamp === 'number' ? stamp : typeof stamp === 'string' ? Date.parse(stamp) : NaN;
    if (Number.isNaN(time)) throw notElasticsearch();
    const level = firstText(source, ['log.level', 'level', 'severity', 'log_level']);
    return {
      time,
      name: firstText(source, ['log.logger', 'logger', 'service.name', 'service']) ?? (typeof hit?._index === 'string' ? hit._index : ''),
      message: firstText(source, ['message', 'msg']) ?? '',
      payload: { _index: hit?._index ?? null, _id: hit?._id ?? null, ...source },
      source: 'elasticsearch',
      level: LEVELS[level?.toLowerCase() ?? ''] ?? 'info',
    };
  });
  lines.sort((a, b) => a.time - b.time);
  return lines.slice(0, query.limit).map((line, index) => ({ ...line, index }));
}

/** A field by its dotted name, as a flat key (`"log.level"`) or nested (`log: { level }`), ECS writes both. */
function firstText(source: Record<string, unknown>, names: string[]): string | undefined {
  for (const name of names) {
    const flat = source[name];
    if (typeof flat === 'string') return flat;
    const nested = name.split('.').reduce<unknown>((value, part) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined), source);
    if (typeof nested === 'string') return nested;
  }
  return undefined;
}

const notElasticsearch = () => integrationFailure('bad_answer', 'Elasticsearch answered in a shape Cassette does not know: check that the host and port are the cluster\'s HTTP API (port 9200 by default), not Kibana.');
