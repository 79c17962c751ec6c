// The Rollbar form and its rule (spec part 2 §3 rollbar-type, §5: all credential fields non-empty).
import type { IntegrationConfig, IntegrationField } from '@cassette/plugin-integrations/api';
import type { RollbarConfig } from '../api.js';

export const ROLLBAR_FIELDS: readonly IntegrationField[] = [
  { key: 'accessToken', label: 'Access token', kind: 'secret', required: true, hint: 'A project access token with the read scope (Project Settings › Project Access Tokens)' },
];

export function validateRollbarConfig(config: IntegrationConfig): Record<string, string> {
  return rollbarConfig(config).accessToken === '' ? { accessToken: 'Access token is required' } : {};
}

export function rollbarConfig(config: IntegrationConfig): RollbarConfig {
  const value = config.accessToken;
  return { accessToken: value === undefined || value === null ? '' : String(value).trim() };
}
