const MAX_RETRY_AFTER_MS = 10 * 60_000;

/** `Retry-After` as delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed) * 1000, MAX_RETRY_AFTER_MS);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.min(Math.max(0, date - now), MAX_RETRY_AFTER_MS);
}

/** Exponential backoff with "equal jitter": never below half the step, so retries still spread. */
export function backoffDelay(attempt: number, random: number, baseMs = 1000, maxMs = 60_000): number {
  const step = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 20));
  return Math.round(step / 2 + (step / 2) * random);
}

/** When the server names a delay, wait at least that long, plus a little spread. */
export function retryAfterDelay(retryAfterMs: number, random: number): number {
  return Math.round(retryAfterMs + Math.min(1000, retryAfterMs * 0.1) * random);
}
