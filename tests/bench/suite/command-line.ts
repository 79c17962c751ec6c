/** A mistake on a benchmark's command line: exit code 2, and the message says what to type instead. */
export class UsageError extends Error {}

/** The integer value of `--name` (underscores allowed as separators), `fallback` when absent. */
export function integerOption(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw.replaceAll('_', ''));
  if (raw.trim() === '' || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(`--${name} must be an integer from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}, not "${raw}"`);
  }
  return n;
}
