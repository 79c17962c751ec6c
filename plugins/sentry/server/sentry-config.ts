// The Sentry form and its rules (spec part 2 §3 sentry-type, §5: all credential fields non-empty).
import type { IntegrationConfig, IntegrationField } from '@cassette/plugin-integrations/api';
import type { SentryConfig } from '../api.js';

export const SENTRY_FIELDS: readonly IntegrationField[] = [
  { key: 'organizationSlug', label: 'Organization slug', kind: 'text', required: true, placeholder: 'acme', hint: 'In the address of your Sentry organization: sentry.io/organizations/<slug>/' },
  { key: 'projectSlug', label: 'Project slug', kind: 'text', required: true, placeholder: 'shop-backend', hint: "The project your site's backend reports to" },
  { key: 'token', label: 'Token', kind: 'secret', required: true, hint: 'An auth token with the project:read and event:read scopes (Settings › Auth Tokens)' },
];

const LABELS: Record<keyof SentryConfig, string> = { organizationSlug: 'Organization slug', projectSlug: 'Project slug', token: 'Token' };

export function validateSentryConfig(config: IntegrationConfig): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const key of Object.keys(LABELS) as (keyof SentryConfig)[]) {
    if (textOf(config, key) === '') problems[key] = `${LABELS[key]} is required`;
  }
  return problems;
}

/** The configuration as the calls use it (validated before). */
export function sentryConfig(config: IntegrationConfig): SentryConfig {
  return { organizationSlug: textOf(config, 'organizationSlug'), projectSlug: textOf(config, 'projectSlug'), token: textOf(config, 'token') };
}

function textOf(config: IntegrationConfig, key: string): string {
  const value = config[key];
  return value === undefined || value === null ? '' : String(value).trim();
}
