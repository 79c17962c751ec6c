/**
 * Why a call to an integrated tool failed (the integrations plugin's `IntegrationFailureReason`):
 * auth, not_found, rate_limited, timeout, unreachable, refused_address, bad_answer.
 */
export type IntegrationFailureReason = 'auth' | 'not_found' | 'rate_limited' | 'timeout' | 'unreachable' | 'refused_address' | 'bad_answer';

/** An Error whose message is the sentence shown to the user, with the reason. */
export interface IntegrationFailureError extends Error {
  integrationFailure: IntegrationFailureReason;
  retryAfterSeconds?: number;
}

/**
 * What an integration throws when its tool's call fails: `message` names the tool and the fix
 * ("Sentry refused the token: check that it has the event:read scope.").
 */
export function integrationFailure(reason: IntegrationFailureReason, message: string, retryAfterSeconds?: number): IntegrationFailureError {
  const error = new Error(message) as IntegrationFailureError;
  error.name = 'IntegrationFailure';
  error.integrationFailure = reason;
  if (retryAfterSeconds !== undefined) error.retryAfterSeconds = retryAfterSeconds;
  return error;
}
