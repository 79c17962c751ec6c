import type { IntegrationConfig, IntegrationField } from '@cassette/plugin-integrations/api';
import type { NewRelicConfig } from '../api.js';

export const NEWRELIC_REGIONS = [
  { value: 'US', label: 'US' },
  { value: 'EU', label: 'EU' },
] as const;

export const NEWRELIC_FIELDS: readonly IntegrationField[] = [
  { key: 'applicationId', label: 'Account ID', kind: 'text', required: true, placeholder: '1234567', hint: 'The number after /accounts/ in New Relic URLs' },
  { key: 'xQueryKey', label: 'Query key', kind: 'secret', required: true, hint: 'An Insights query key of the account (API keys → Create a key)' },
  { key: 'region', label: 'Data center', kind: 'select', required: true, default: 'US', options: NEWRELIC_REGIONS },
];

export function readNewRelicConfig(config: IntegrationConfig): NewRelicConfig {
  return {
    applicationId: String(config.applicationId ?? '').trim(),
    xQueryKey: String(config.xQueryKey ?? '').trim(),
    region: String(config.region ?? '').trim().toUpperCase() === 'EU' ? 'EU' : 'US',
  };
}

/**
 * Spec part 2 §5: the credential fields non-empty. The account id is also all digits, since it
 * is part of the query's URL, and the region one of the two data centers.
 */
export function validateNewRelicConfig(raw: IntegrationConfig): Record<string, string> {
  const problems: Record<string, string> = {};
  const applicationId = String(raw.applicationId ?? '').trim();
  if (!applicationId) problems.applicationId = 'Account ID is required';
  else if (!/^\d{1,20}$/.test(applicationId)) problems.applicationId = 'Account ID must be the number of the New Relic account';
  if (!String(raw.xQueryKey ?? '').trim()) problems.xQueryKey = 'Query key is required';
  const region = String(raw.region ?? '').trim();
  if (!region) problems.region = 'Data center is required';
  else if (!NEWRELIC_REGIONS.some((r) => r.value === region)) problems.region = 'Data center must be US or EU';
  return problems;
}
