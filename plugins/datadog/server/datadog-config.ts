// The Datadog form and its rules (spec part 2 §3 datadog-type, §5: all credential fields non-empty).
import type { IntegrationConfig, IntegrationField } from '@cassette/plugin-integrations/api';
import type { DatadogConfig } from '../api.js';

export const DATADOG_FIELDS: readonly IntegrationField[] = [
  { key: 'apiKey', label: 'API key', kind: 'secret', required: true, hint: 'Organization Settings › API Keys' },
  { key: 'applicationKey', label: 'Application key', kind: 'secret', required: true, hint: 'Organization Settings › Application Keys; it needs the logs_read_data permission' },
];

const LABELS: Record<keyof DatadogConfig, string> = { apiKey: 'API key', applicationKey: 'Application key' };

export function validateDatadogConfig(config: IntegrationConfig): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const key of Object.keys(LABELS) as (keyof DatadogConfig)[]) {
    if (textOf(config, key) === '') problems[key] = `${LABELS[key]} is required`;
  }
  return problems;
}

export function datadogConfig(config: IntegrationConfig): DatadogConfig {
  return { apiKey: textOf(config, 'apiKey'), applicationKey: textOf(config, 'applicationKey') };
}

function textOf(config: IntegrationConfig, key: string): string {
  const value = config[key];
  return value === undefined || value === null ? '' : String(value).trim();
}
