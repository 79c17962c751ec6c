// The Elasticsearch form and its rules (spec part 2 §3 elasticsearch-type, §5: api key id exactly
// 20 characters, api key exactly 22, a valid host, indexes and port; §9: port 9200, indexes *log*).
import type { IntegrationConfig, IntegrationField } from '@cassette/plugin-integrations/api';
import type { ElasticsearchConfig } from '../api.js';

export const DEFAULT_INDEXES = '*log*';
export const DEFAULT_PORT = 9200;
export const API_KEY_ID_LENGTH = 20;
export const API_KEY_LENGTH = 22;

export const ELASTICSEARCH_FIELDS: readonly IntegrationField[] = [
  { key: 'host', label: 'Host', kind: 'url', required: true, placeholder: 'https://logs.example.com', hint: 'The cluster address, without the port (https when no scheme is given)' },
  { key: 'apiKeyId', label: 'API key id', kind: 'text', required: true, hint: `The "id" of an API key that may read the indexes (${API_KEY_ID_LENGTH} characters)` },
  { key: 'apiKey', label: 'API key', kind: 'secret', required: true, hint: `The "api_key" of that key (${API_KEY_LENGTH} characters)` },
  { key: 'indexes', label: 'Indexes', kind: 'text', required: false, default: DEFAULT_INDEXES, hint: 'Index names or patterns, separated by commas' },
  { key: 'port', label: 'Port', kind: 'number', required: false, default: DEFAULT_PORT },
];

/** One index name or pattern: none of the characters Elasticsearch refuses in names, no spaces. */
const INDEX = /^[^\s\\/"<>|?#,:]+$/;

export function validateElasticsearchConfig(config: IntegrationConfig): Record<string, string> {
  const problems: Record<string, string> = {};
  const host = textOf(config, 'host');
  if (host === '') problems.host = 'Host is required';
  else {
    const problem = hostProblem(host);
    if (problem) problems.host = problem;
  }
  const apiKeyId = textOf(config, 'apiKeyId');
  if (apiKeyId.length !== API_KEY_ID_LENGTH) problems.apiKeyId = `API key id must be exactly ${API_KEY_ID_LENGTH} characters`;
  const apiKey = textOf(config, 'apiKey');
  if (apiKey.length !== API_KEY_LENGTH) problems.apiKey = `API key must be exactly ${API_KEY_LENGTH} characters`;
  const indexes = textOf(config, 'indexes') || DEFAULT_INDEXES;
  if (!indexes.split(',').every((index) => INDEX.test(index.trim()))) problems.indexes = 'Indexes must be index names or patterns separated by commas, like *log*';
  const port = portOf(config);
  if (!Number.isInteger(port) || port < 1 || port > 65535) problems.port = 'Port must be a whole number from 1 to 65535';
  return problems;
}

/** The configuration as the calls use it (validated before), defaults applied. */
export function elasticsearchConfig(config: IntegrationConfig): ElasticsearchConfig {
  return {
    host: textOf(config, 'host'),
    apiKeyId: textOf(config, 'apiKeyId'),
    apiKey: textOf(config, 'apiKey'),
    indexes: (textOf(config, 'indexes') || DEFAULT_INDEXES)
      .split(',')
      .map((index) => index.trim())
      .join(','),
    port: portOf(config),
  };
}

/** `https://logs.example.com` + 9200 → `https://logs.example.com:9200`. */
export function clusterOrigin(host: string, port: number): string {
  const url = hostUrl(host)!;
  return `${url.protocol}//${url.hostname.includes(':') && !url.hostname.startsWith('[') ? `[${url.hostname}]` : url.hostname}:${port}`;
}

function hostUrl(host: string): URL | null {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(host) ? host : `https://${host}`);
  } catch {
    return null;
  }
}

function hostProblem(host: string): string | null {
  const url = hostUrl(host);
  if (!url || url.hostname === '') return 'Host must be a host name or an http(s) address, like https://logs.example.com';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Host must be an http or https address';
  if (url.username || url.password) return 'Host must not hold a user or password: the API key signs in';
  if (url.port) return 'Put the port in the Port field, not in the host';
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) return 'Host must be the cluster address only, without a path';
  return null;
}

function portOf(config: IntegrationConfig): number {
  const value = config.port;
  if (value === undefined || value === null || String(value).trim() === '') return DEFAULT_PORT;
  return typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
}

function textOf(config: IntegrationConfig, key: string): string {
  const value = config[key];
  return value === undefined || value === null ? '' : String(value).trim();
}
