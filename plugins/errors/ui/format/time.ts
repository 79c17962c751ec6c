/**
 * "3 hours ago" style ages for the errors pages; the exact moment goes in a title, in the
 * viewer's timezone (an IANA name, 'UTC' or a fixed offset such as "+02:00").
 */
const UNITS: ReadonlyArray<[limitMs: number, unitMs: number, name: string]> = [
  [60_000, 1_000, 'second'],
  [3_600_000, 60_000, 'minute'],
  [86_400_000, 3_600_000, 'hour'],
  [30 * 86_400_000, 86_400_000, 'day'],
  [365 * 86_400_000, 30 * 86_400_000, 'month'],
  [Number.POSITIVE_INFINITY, 365 * 86_400_000, 'year'],
];

export function formatAgo(epochMs: number, now: number = Date.now()): string {
  const elapsed = now - epochMs;
  // Clocks of browser and server differ a little: a moment "in the future" is just now.
  if (elapsed < 45_000) return 'just now';
  for (const [limit, unit, name] of UNITS) {
    if (elapsed < limit) {
      const count = Math.max(1, Math.floor(elapsed / unit));
      return `${count} ${name}${count === 1 ? '' : 's'} ago`;
    }
  }
  return 'long ago';
}

const OFFSET = /^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i;

/** Intl reads IANA names; an offset shifts the instant and is read as UTC. */
function zoneOf(timezone: string): { timeZone: string | undefined; shiftMs: number; label: string } {
  const offset = OFFSET.exec(timezone.trim());
  if (offset) {
    const minutes = Number(offset[2]) * 60 + Number(offset[3] ?? 0);
    return { timeZone: 'UTC', shiftMs: (offset[1] === '-' ? -1 : 1) * minutes * 60_000, label: `UTC${offset[1]}${offset[2]!.padStart(2, '0')}:${offset[3] ?? '00'}` };
  }
  if (!timezone) return { timeZone: undefined, shiftMs: 0, label: '' };
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return { timeZone: timezone, shiftMs: 0, label: timezone };
  } catch {
    return { timeZone: undefined, shiftMs: 0, label: '' };
  }
}

/** "Nov 21, 2026, 14:05:09 UTC": the full moment, for titles and the detail header. */
export function formatDateTime(epochMs: number, timezone: string): string {
  const { timeZone, shiftMs, label } = zoneOf(timezone);
  const text = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(epochMs + shiftMs);
  return label ? `${text} ${label}` : text;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
