import { ApiError } from '@cassette/plugin-sdk/ui';

/** The readable messages of a failed call: the server's `errors`, or the error's own message. */
export function errorsOf(error: unknown): string[] {
  if (error instanceof ApiError && error.errors.length > 0) return error.errors;
  return [error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.'];
}
