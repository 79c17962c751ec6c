import { describe, expect, it } from 'vitest';
import type { IntegrationField } from '../shared/integration.js';
import { fieldProblem, formProblems, jsonMessage, lengthMessage, numberMessage, optionMessage, portMessage, requiredMessage, urlMessage } from './field-rules.js';

const text = (key: string, label: string, extra: Partial<IntegrationField> = {}): IntegrationField => ({ key, label, kind: 'text', required: true, ...extra });

describe('integration field rules (spec part 2 §5)', () => {
  it('asks for every required credential; a default or a stored secret counts as given', () => {
    expect(fieldProblem('sentry', text('token', 'Token', { kind: 'secret' }), '  ')).toBe(requiredMessage('Token'));
    expect(fieldProblem('sentry', text('token', 'Token', { kind: 'secret' }), '', true)).toBeNull();
    expect(fieldProblem('elasticsearch', text('indexes', 'Indexes', { default: '*log*' }), '')).toBeNull();
    expect(fieldProblem('x', text('note', 'Note', { required: false }), '')).toBeNull();
  });

  it('reads URLs, numbers, ports, regions and a service-account key', () => {
    expect(fieldProblem('jira', text('url', 'Site URL', { kind: 'url' }), 'acme.atlassian.net')).toBe(urlMessage('Site URL'));
    expect(fieldProblem('jira', text('url', 'Site URL', { kind: 'url' }), 'ftp://acme.test')).toBe(urlMessage('Site URL'));
    expect(fieldProblem('jira', text('url', 'Site URL', { kind: 'url' }), 'https://acme.atlassian.net')).toBeNull();
    expect(fieldProblem('elasticsearch', text('port', 'Port', { kind: 'number' }), '9.2')).toBe(numberMessage('Port'));
    expect(fieldProblem('elasticsearch', text('port', 'Port', { kind: 'number' }), '70000')).toBe(portMessage('Port'));
    const region = text('region', 'Region', { kind: 'select', options: [{ value: 'au', label: 'Australia' }] });
    expect(fieldProblem('sumologic', region, 'mars')).toBe(optionMessage('Region'));
    expect(fieldProblem('sumologic', region, 'au')).toBeNull();
    const credentials = text('serviceAccountCredentials', 'Service account', { kind: 'textarea' });
    expect(fieldProblem('stackdriver', credentials, 'not json')).toBe(jsonMessage('Service account'));
    expect(fieldProblem('stackdriver', credentials, '{"type":"service_account"}')).toBeNull();
  });

  it('holds Elasticsearch keys to exactly 20 and 22 characters, and a Bugsnag token to 8-4-4-4-12', () => {
    expect(fieldProblem('elasticsearch', text('apiKeyId', 'API key id'), 'a'.repeat(21))).toBe(lengthMessage('API key id', 20));
    expect(fieldProblem('elasticsearch', text('apiKey', 'API key', { kind: 'secret' }), 'a'.repeat(22))).toBeNull();
    const token = text('authorizationToken', 'Authorization token', { kind: 'secret' });
    expect(fieldProblem('bugsnag', token, '1234abcd-12ab-12ab-12ab-1234567890ab')).toBeNull();
    expect(fieldProblem('bugsnag', token, '1234abcd-12ab-12ab-12ab-1234567890a')).toContain('xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx');
    expect(formProblems('bugsnag', [token, text('bugsnagProjectId', 'Project id')], { authorizationToken: 'nope' })).toEqual({
      authorizationToken: expect.stringContaining('Authorization token must look like'),
      bugsnagProjectId: requiredMessage('Project id'),
    });
  });
});
