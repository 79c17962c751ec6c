/**
 * The start of a session in the viewer's chosen timezone: "Today, 14:05",
 * "Yesterday, 09:30", "Nov 21, 14:05", and the year when it is not this one.
 * The host's timezone is an IANA name or a fixed offset ("UTC", "+02:00", "UTC-5").
 */
export function formatStartTime(startedAt: number, timezone: string, now: number = Date.now()): string {
  const start = calendarParts(startedAt, timezone);
  const today = calendarParts(now, timezone);
  const yesterday = calendarParts(now - 86_400_000, timezone);
  const time = `${start.hour}:${start.minute}`;
  if (sameDay(start, today)) return `Today, ${time}`;
  if (sameDay(start, yesterday)) return `Yesterday, ${time}`;
  const day = `${start.monthName} ${start.day}`;
  return start.year === today.year ? `${day}, ${time}` : `${day}, ${start.year}, ${time}`;
}

interface CalendarParts {
  year: string;
  month: string;
  monthName: string;
  day: string;
  hour: string;
  minute: string;
}

const sameDay = (a: CalendarParts, b: CalendarParts) => a.year === b.year && a.month === b.month && a.day === b.day;

const OFFSET = /^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i;

/** Intl knows IANA names but not every engine knows offsets, so an offset shifts the instant and reads it as UTC. */
function resolveZone(timezone: string): { zone: string | undefined; shiftMs: number } {
  const offset = OFFSET.exec(timezone.trim());
  if (offset) {
    const minutes = Number(offset[2]) * 60 + Number(offset[3] ?? 0);
    return { zone: 'UTC', shiftMs: (offset[1] === '-' ? -1 : 1) * minutes * 60_000 };
  }
  if (!timezone) return { zone: undefined, shiftMs: 0 };
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return { zone: timezone, shiftMs: 0 };
  } catch {
    return { zone: undefined, shiftMs: 0 };
  }
}

function calendarParts(epochMs: number, timezone: string): CalendarParts {
  const { zone, shiftMs } = resolveZone(timezone);
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(format.formatToParts(epochMs + shiftMs).map((p) => [p.type, p.value]));
  const monthName = new Intl.DateTimeFormat('en-US', { timeZone: zone, month: 'short' }).format(epochMs + shiftMs);
  return { year: parts.year!, month: parts.month!, monthName, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}
