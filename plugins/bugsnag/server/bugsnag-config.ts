// The Bugsnag form and its rules (spec part 2 §3 bugsnag-type, §5: project id non-empty, token
// matching an 8-4-4-4-12 alphanumeric pattern).
import type { IntegrationConfig, IntegrationField } from '@cassette/plugin-integrations/api';
import type { BugsnagConfig } from '../api.js';

export const BUGSNAG_TOKEN_PATTERN = /^[a-zA-Z0-9]{8}-[a-zA-Z0-9]{4}-[a-zA-Z0-9]{4}-[a-zA-Z0-9]{4}-[a-zA-Z0-9]{12}$/;

export const BUGSNAG_FIELDS: readonly IntegrationField[] = [
  { key: 'authorizationToken', label: 'Authorization token', kind: 'secret', required: true, placeholder: 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx', hint: 'A personal auth token (Bugsnag › Settings › My account › Personal auth tokens)' },
  { key: 'bugsnagProjectId', label: 'Project id', kind: 'text', required: true, hint: "The id of the project your site's backend reports to (GET /organizations/{id}/projects lists them)" },
];

export function validateBugsnagConfig(config: IntegrationConfig): Record<string, string> {
  const { authorizationToken, bugsnagProjectId } = bugsnagConfig(config);
  const problems: Record<string, string> = {};
  if (authorizationToken === '') problems.authorizationToken = 'Authorization token is required';
  else if (!BUGSNAG_TOKEN_PATTERN.test(authorizationToken)) problems.authorizationToken = 'Authorization token must be letters and digits grouped 8-4-4-4-12 (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)';
  if (bugsnagProjectId === '') problems.bugsnagProjectId = 'Project id is required';
  return problems;
}

export function bugsnagConfig(config: IntegrationConfig): BugsnagConfig {
  return { authorizationToken: textOf(config, 'authorizationToken'), bugsnagProjectId: textOf(config, 'bugsnagProjectId') };
}

function textOf(config: IntegrationConfig, key: string): string {
  const value = config[key];
  return value === undefined || value === null ? '' : String(value).trim();
}
