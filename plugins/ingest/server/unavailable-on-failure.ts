import { HttpError, serviceUnavailable, type Logger } from '@cassette/plugin-sdk/server';

/** Seconds the tracker waits before trying again when storage failed. */
export const STORAGE_RETRY_SECONDS = 10;

/**
 * A failing disk or database is the server's problem, not the tracker's request: answer 503
 * with Retry-After so the tracker keeps its data and tries again, instead of a 500 it may
 * treat as final. Refusals the code meant (HttpError) pass through unchanged.
 */
export async function unavailableOnFailure<T>(log: Logger, message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    log.error({ err: error }, message);
    throw serviceUnavailable(`${message} right now. Retry later.`, STORAGE_RETRY_SECONDS);
  }
}
