/** The readable error list of a failed call (an ApiError's `errors`, else the message). */
export function errorsOf(error: unknown): string[] {
  if (error && typeof error === 'object') {
    const list = (error as { errors?: unknown }).errors;
    if (Array.isArray(list) && list.length > 0) return list.map(String);
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message) return [message];
  }
  return ['Something went wrong. Please try again.'];
}

/** HTTP status of a failed call (0 for a network failure), if known. */
export function statusOf(error: unknown): number | undefined {
  const status = error && typeof error === 'object' ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' ? status : undefined;
}
