/**
 * Why a call to an integrated tool (a log source, an issue tracker) failed, so the user reads
 * what to do next. The integrations plugin's contract (`IntegrationFailure`) uses these reasons.
 */
export type IntegrationFailureReason = 'auth' | 'not_found' | 'rate_limited' | 'timeout' | 'unreachable' | 'refused_address' | 'bad_answer';

export interface IntegrationFailureError extends Error {
  integrationFailure: IntegrationFailureReason;
  retryAfterSeconds?: number;
}

/**
 * The error a contribution throws when the tool's call fails: `message` is the sentence shown
 * to the user (it names the tool and the fix), `reason` lets the owner answer without parsing it.
 */
export function integrationFailure(reason: IntegrationFailureReason, message: string, retryAfterSeconds?: number): IntegrationFailureError {
  const error = new Error(message) as IntegrationFailureError;
  error.name = 'IntegrationFailure';
  error.integrationFailure = reason;
  if (retryAfterSeconds !== undefined) error.retryAfterSeconds = retryAfterSeconds;
  return error;
}

/** Whether `error` is such a failure (rather than a bug). */
export function isIntegrationFailure(error: unknown): error is IntegrationFailureError {
  return error instanceof Error && typeof (error as Partial<IntegrationFailureError>).integrationFailure === 'string';
}
