/**
 * Why a call to an outside tool (a log source, an issue tracker) failed, so the user reads what
 * to do next:
 * - `auth`: the tool refused the credentials (401/403);
 * - `not_found`: the organization, project, index, log group… named does not exist there;
 * - `rate_limited`: the tool asked to slow down (429), `retryAfterSeconds` when it said;
 * - `timeout`: no answer in time; `unreachable`: no connection (DNS, refused);
 * - `refused_address`: the safe outbound client refused the address (private, loopback, metadata);
 * - `bad_answer`: an answer the contribution could not read.
 */
export type IntegrationFailureReason = 'auth' | 'not_found' | 'rate_limited' | 'timeout' | 'unreachable' | 'refused_address' | 'bad_answer';

/**
 * What a contribution throws when the tool's call fails: an Error whose `message` is the
 * sentence shown to the user (it names the tool and the fix), with the reason. Any other error
 * is a bug.
 */
export interface IntegrationFailure extends Error {
  integrationFailure: IntegrationFailureReason;
  retryAfterSeconds?: number;
}

export function integrationFailure(reason: IntegrationFailureReason, message: string, retryAfterSeconds?: number): IntegrationFailure {
  return Object.assign(new Error(message), { name: 'IntegrationFailure', integrationFailure: reason, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) });
}

export function isIntegrationFailure(error: unknown): error is IntegrationFailure {
  return error instanceof Error && typeof (error as Partial<IntegrationFailure>).integrationFailure === 'string';
}
