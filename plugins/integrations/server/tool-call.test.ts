import { describe, expect, it } from 'vitest';
import { integrationFailure, OutboundHttpError } from '@cassette/plugin-sdk/server';
import { failureMessage, toolError } from './tool-call.js';

describe('failureMessage', () => {
  it('keeps a contribution’s own sentence', () => {
    expect(failureMessage('Sentry', integrationFailure('auth', 'Sentry refused the token: check that it has the event:read scope.'))).toBe('Sentry refused the token: check that it has the event:read scope.');
  });

  it('words the outbound client’s refusals once for every tool', () => {
    expect(failureMessage('Jira', new OutboundHttpError('refused_address', 'refused', 'http://10.0.0.5:8080/rest/api/3/myself'))).toContain('10.0.0.5:8080 is not a public address');
    expect(failureMessage('Jira', new OutboundHttpError('network', 'getaddrinfo ENOTFOUND jira.invalid', 'https://jira.invalid/rest'))).toBe('Jira could not be reached at jira.invalid: getaddrinfo ENOTFOUND jira.invalid. Check the address.');
    expect(failureMessage('Jira', new OutboundHttpError('bad_status', 'status 502', 'https://jira.example.com/', 502))).toBe('Jira answered with status 502.');
  });

  it('leaves any other error to be a bug (500), not a message', () => {
    const bug = new TypeError('x is undefined');
    expect(failureMessage('Jira', bug)).toBeNull();
    expect(toolError('Jira', bug)).toBe(bug);
    expect((toolError('Jira', integrationFailure('not_found', 'Jira has no project WEB.')) as { statusCode: number }).statusCode).toBe(400);
  });
});
