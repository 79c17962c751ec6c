import type { IntegrationConfig, IntegrationField } from '@cassette/plugin-integrations/api';
import type { SumoLogicConfig } from '../api.js';
import { DEFAULT_SUMOLOGIC_REGION, SUMOLOGIC_REGIONS } from './regions.js';

export const SUMOLOGIC_FIELDS: readonly IntegrationField[] = [
  { key: 'accessId', label: 'Access ID', kind: 'text', required: true, hint: 'Of an access key whose user may run searches (Preferences → Access Keys)' },
  { key: 'accessKey', label: 'Access key', kind: 'secret', required: true },
  { key: 'region', label: 'Deployment', kind: 'select', required: true, default: DEFAULT_SUMOLOGIC_REGION, options: SUMOLOGIC_REGIONS },
];

export function readSumoLogicConfig(config: IntegrationConfig): SumoLogicConfig {
  return { accessId: String(config.accessId ?? '').trim(), accessKey: String(config.accessKey ?? '').trim(), region: String(config.region ?? '').trim() || DEFAULT_SUMOLOGIC_REGION };
}

/**
 * Spec part 2 §5: "access id and key non-empty". The region, when given, must be one the form
 * offers, since it names the host the credentials are sent to.
 */
export function validateSumoLogicConfig(raw: IntegrationConfig): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!String(raw.accessId ?? '').trim()) problems.accessId = 'Access ID is required';
  if (!String(raw.accessKey ?? '').trim()) problems.accessKey = 'Access key is required';
  const region = String(raw.region ?? '').trim();
  if (region && !SUMOLOGIC_REGIONS.some((r) => r.value === region)) problems.region = `Deployment must be one of ${SUMOLOGIC_REGIONS.map((r) => r.value).join(', ')}`;
  return problems;
}
