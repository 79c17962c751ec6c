// The Jira form (spec part 2 §3 "jira-type": username, token, url) and its rules (§5: all three
// given, a valid URL), read into the values the API calls use.
import type { IntegrationConfig, IntegrationField } from '@cassette/plugin-integrations/api';
import type { JiraConfig } from '../api.js';

export const JIRA_FIELDS: readonly IntegrationField[] = [
  { key: 'username', label: 'Username', kind: 'text', required: true, placeholder: 'you@example.com', hint: 'The e-mail address of your Atlassian account.' },
  { key: 'token', label: 'API token', kind: 'secret', required: true, hint: 'Made at id.atlassian.com › Security › API tokens.' },
  { key: 'url', label: 'Jira URL', kind: 'url', required: true, placeholder: 'https://your-team.atlassian.net' },
];

const text = (value: string | number | undefined): string => (value === undefined ? '' : String(value).trim());

/** The site URL as an http(s) origin (and path, for a Jira under a path), without a trailing slash; null when it is not one. */
export function siteUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || url.username || url.password) return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function validateJiraConfig(config: IntegrationConfig): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!text(config.username)) problems.username = 'Username is required';
  if (!text(config.token)) problems.token = 'API token is required';
  const url = text(config.url);
  if (!url) problems.url = 'Jira URL is required';
  else if (!siteUrl(url)) problems.url = 'Jira URL must be a valid URL (https://your-team.atlassian.net)';
  return problems;
}

/** The configuration as the calls use it; only called on a configuration `validateJiraConfig` passed. */
export function readJiraConfig(config: IntegrationConfig): JiraConfig {
  return { username: text(config.username), token: text(config.token), url: siteUrl(text(config.url)) ?? text(config.url) };
}
