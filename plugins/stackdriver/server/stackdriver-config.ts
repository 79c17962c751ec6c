import type { IntegrationConfig, IntegrationField } from '@cassette/plugin-integrations/api';
import type { StackdriverConfig } from '../api.js';
import { parseServiceAccountKey } from './service-account.js';

export const STACKDRIVER_FIELDS: readonly IntegrationField[] = [
  { key: 'logName', label: 'Log name', kind: 'text', required: true, placeholder: 'backend', hint: 'The log id your backend writes to, or projects/<project>/logs/<log id>' },
  { key: 'serviceAccountCredentials', label: 'Service account credentials', kind: 'secret', required: true, hint: 'The JSON key file of a service account with the Logs Viewer role' },
];

export function readStackdriverConfig(config: IntegrationConfig): StackdriverConfig {
  return { logName: String(config.logName ?? '').trim(), serviceAccountCredentials: String(config.serviceAccountCredentials ?? '').trim() };
}

/** Spec part 2 §5: the fields non-empty; the credentials also have to be a key file one can sign in with. */
export function validateStackdriverConfig(raw: IntegrationConfig): Record<string, string> {
  const config = readStackdriverConfig(raw);
  const problems: Record<string, string> = {};
  if (!config.logName) problems.logName = 'Log name is required';
  if (!config.serviceAccountCredentials) problems.serviceAccountCredentials = 'Service account credentials are required';
  else {
    const key = parseServiceAccountKey(config.serviceAccountCredentials);
    if (typeof key === 'string') problems.serviceAccountCredentials = key;
  }
  return problems;
}
