/** Middle value of the samples (mean of the two middle ones for an even count). */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) throw new Error('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** `value / reference`, or null when the reference is zero or missing (a ratio to nothing means nothing). */
export function ratio(value: number | null, reference: number | null): number | null {
  if (value === null || reference === null || reference === 0) return null;
  return value / reference;
}

/** What a tracker adds above the page without one (never negative: noise below the baseline reads as no cost). */
export function overhead(value: number | null, baseline: number | null): number | null {
  if (value === null || baseline === null) return null;
  return Math.max(0, value - baseline);
}

/** A count over the scripted session scaled to one minute of it. */
export function perMinute(total: number, sessionMs: number): number {
  if (!(sessionMs > 0)) throw new Error(`session length must be positive, not ${sessionMs}`);
  return (total * 60_000) / sessionMs;
}

/**
 * Cumulative CDP counters (TaskDuration, ScriptDuration, ...) read at points of the session (end
 * of a page, just after the next one loaded, ...). Chromium keeps counting across a same-site
 * navigation, but restarts from zero when the page lands in a new renderer; a reading below the
 * one before marks such a restart, and counting goes on from zero.
 */
export function sumCumulativeReadings(readings: readonly number[]): number {
  let total = 0;
  let previous = 0;
  for (const reading of readings) {
    total += reading >= previous ? reading - previous : reading;
    previous = reading;
  }
  return total;
}

/**
 * The order variants run in on each repetition: rotated by one every time, so no variant always
 * runs first (cold caches) or right after the same neighbour.
 */
export function interleavedOrder<T>(variants: readonly T[], repetition: number): T[] {
  const shift = variants.length === 0 ? 0 : repetition % variants.length;
  return [...variants.slice(shift), ...variants.slice(0, shift)];
}

/** Rounded for a table cell (null stays null and prints as "–"). */
export function rounded(value: number | null, digits: number): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
