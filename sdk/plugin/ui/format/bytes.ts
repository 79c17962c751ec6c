const UNITS = ['KB', 'MB', 'GB'] as const;

/** Sizes in binary steps of 1024, as the spec's KB, MB, GB (its MB is bytes / 1048576); a dash when unknown. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value >= 100 ? 0 : 1)} ${UNITS[unit]}`;
}

/** Spec part 2 §9: memory in MB is bytes / 1048576. */
export function bytesToMegabytes(bytes: number): number {
  return bytes / 1048576;
}
