const UNITS = ['KB', 'MB', 'GB'] as const;

/** Sizes in binary steps of 1024 (the spec's MB is bytes / 1048576). */
export function formatBytes(bytes: number | null): string {
  if (bytes === null || !Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

/** Spec part 2 §9: memory in MB is bytes / 1048576. */
export function bytesToMegabytes(bytes: number): number {
  return bytes / 1048576;
}
