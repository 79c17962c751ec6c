// Integration sources as the owner's `GET /integration/sources` answers them, for page tests.
import type { IntegrationSource } from '../shared/integration.js';

export const SENTRY: IntegrationSource = {
  key: 'sentry',
  label: 'Sentry',
  description: 'Errors and logs your backend sends to Sentry.',
  kind: 'logs',
  fields: [
    { key: 'organizationSlug', label: 'Organization slug', kind: 'text', required: true },
    { key: 'projectSlug', label: 'Project slug', kind: 'text', required: true },
    { key: 'token', label: 'Token', kind: 'secret', required: true },
  ],
  setupGuide: 'Log the tag with each line:\n\n- set `cassetteSessionId` as a Sentry tag\n\n```\nSentry.setTag("cassetteSessionId", id)\n```',
  configured: true,
  connected: true,
};

export const ELASTICSEARCH: IntegrationSource = {
  key: 'elasticsearch',
  label: 'Elasticsearch',
  description: 'Lines from your Elasticsearch indexes.',
  kind: 'logs',
  fields: [
    { key: 'host', label: 'Host', kind: 'url', required: true, placeholder: 'https://logs.example.com' },
    { key: 'apiKeyId', label: 'API key id', kind: 'text', required: true },
    { key: 'apiKey', label: 'API key', kind: 'secret', required: true },
    { key: 'indexes', label: 'Indexes', kind: 'text', required: true, default: '*log*' },
    { key: 'port', label: 'Port', kind: 'number', required: true, default: 9200 },
  ],
  setupGuide: 'Index a `cassetteSessionId` field with each line.',
  configured: false,
  connected: false,
};

export const CLOUDWATCH: IntegrationSource = {
  key: 'cloudwatch',
  label: 'CloudWatch',
  description: 'Lines of a CloudWatch log group.',
  kind: 'logs',
  fields: [
    { key: 'awsAccessKeyId', label: 'Access key id', kind: 'text', required: true },
    { key: 'awsSecretAccessKey', label: 'Secret access key', kind: 'secret', required: true },
    { key: 'logGroupName', label: 'Log group', kind: 'text', required: true },
    {
      key: 'region',
      label: 'Region',
      kind: 'select',
      required: true,
      default: 'us-east-1',
      options: [
        { value: 'us-east-1', label: 'US East (N. Virginia)' },
        { value: 'eu-west-1', label: 'EU (Ireland)' },
      ],
    },
  ],
  configured: true,
  connected: false,
};

export const JIRA: IntegrationSource = {
  key: 'jira',
  label: 'Jira',
  description: 'Create Jira issues from sessions.',
  kind: 'tickets',
  fields: [
    { key: 'username', label: 'Username', kind: 'text', required: true },
    { key: 'token', label: 'Token', kind: 'secret', required: true },
    { key: 'url', label: 'Site URL', kind: 'url', required: true },
  ],
  configured: false,
  connected: false,
};

export const ALL_SOURCES = [SENTRY, ELASTICSEARCH, CLOUDWATCH, JIRA];
