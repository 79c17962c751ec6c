import { describe, expect, it } from 'vitest';
import { integrationFailure, isIntegrationFailure } from './integration-failure.js';

describe('integration failures', () => {
  it('carry the reason and the user-facing message, and are told apart from other errors', () => {
    const failure = integrationFailure('rate_limited', 'GitLab asked to slow down: try again in 30 s.', 30);
    expect(failure).toBeInstanceOf(Error);
    expect(failure.message).toBe('GitLab asked to slow down: try again in 30 s.');
    expect(failure).toMatchObject({ integrationFailure: 'rate_limited', retryAfterSeconds: 30 });
    expect(isIntegrationFailure(failure)).toBe(true);
    expect(isIntegrationFailure(new Error('a bug'))).toBe(false);
    expect(isIntegrationFailure('auth')).toBe(false);
    expect('retryAfterSeconds' in integrationFailure('auth', 'GitLab refused the token.')).toBe(false);
  });
});
