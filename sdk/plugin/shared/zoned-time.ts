/**
 * Wall-clock time in the viewer's chosen timezone: an IANA name ('Europe/Berlin'), 'UTC', or a
 * fixed offset ('+02:00', 'UTC-5'). Every date the kit shows or computes ("today", "this month",
 * a custom range's days) is the day the viewer sees, not the browser's. Only Intl is used: no
 * timezone database ships with the app.
 */
export interface WallTime {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const OFFSET = /^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i;

type Zone = { kind: 'fixed'; offsetMs: number; label: string } | { kind: 'named'; format: Intl.DateTimeFormat; label: string };

const zones = new Map<string, Zone>();

function partsFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' });
}

function zoneOf(timezone: string): Zone {
  const cached = zones.get(timezone);
  if (cached) return cached;
  let zone: Zone;
  const offset = OFFSET.exec(timezone.trim());
  if (offset) {
    const sign = offset[1] === '-' ? -1 : 1;
    const minutes = Number(offset[2]) * 60 + Number(offset[3] ?? 0);
    zone = { kind: 'fixed', offsetMs: sign * minutes * 60_000, label: `UTC${offset[1]}${offset[2]!.padStart(2, '0')}:${offset[3] ?? '00'}` };
  } else {
    try {
      zone = { kind: 'named', format: partsFormat(timezone || undefined), label: timezone };
    } catch {
      // An unknown name: the browser's own zone rather than a crash.
      zone = { kind: 'named', format: partsFormat(undefined), label: '' };
    }
  }
  zones.set(timezone, zone);
  return zone;
}

/** How far the zone's wall clock is ahead of UTC at an instant. */
function offsetAt(zone: Zone, epochMs: number): number {
  if (zone.kind === 'fixed') return zone.offsetMs;
  const parts = Object.fromEntries(zone.format.formatToParts(epochMs).map((p) => [p.type, Number(p.value)]));
  const wallAsUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!);
  const wholeSecond = epochMs - (((epochMs % 1000) + 1000) % 1000);
  return wallAsUtc - wholeSecond;
}

/** What to print after a time to name its zone: the IANA name, or "UTC+02:00" for an offset ('' for an unknown name). */
export function zoneLabel(timezone: string): string {
  return zoneOf(timezone).label;
}

export function toWallTime(epochMs: number, timezone: string): WallTime {
  const shifted = new Date(epochMs + offsetAt(zoneOf(timezone), epochMs));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/**
 * The instant a wall time names. Out-of-range fields roll over (day 32 is the next month's 1st).
 * A time a clock change repeats gives the earlier instant; a time the clock skips gives the
 * instant as far after the gap's start as the time is (00:00 on a day that starts at 01:00 is
 * 01:00), as Date does, so the day still begins on that day.
 */
export function fromWallTime(wall: Omit<WallTime, 'second'> & { second?: number }, timezone: string, ms = 0): number {
  const zone = zoneOf(timezone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second ?? 0, ms);
  // Two rounds settle the offset on either side of a daylight-saving change.
  const first = asUtc - offsetAt(zone, asUtc);
  const second = asUtc - offsetAt(zone, first);
  if (first === second) return first;
  // The rounds disagree: the earlier candidate is right when its clock reads the asked time (a
  // repeated hour); otherwise the time is in a gap, and the later candidate lies after it.
  const [earlier, later] = first < second ? [first, second] : [second, first];
  return earlier + offsetAt(zone, earlier) === asUtc ? earlier : later;
}

export function startOfDay(epochMs: number, timezone: string): number {
  return fromWallTime({ ...toWallTime(epochMs, timezone), hour: 0, minute: 0, second: 0 }, timezone);
}

/** The last millisecond of the day. */
export function endOfDay(epochMs: number, timezone: string): number {
  return fromWallTime({ ...toWallTime(epochMs, timezone), hour: 23, minute: 59, second: 59 }, timezone, 999);
}

/** The same wall time `days` calendar days later (earlier when negative): a day across a clock change is 23 or 25 hours. */
export function addDays(epochMs: number, days: number, timezone: string): number {
  const wall = toWallTime(epochMs, timezone);
  return fromWallTime({ ...wall, day: wall.day + days }, timezone);
}

/** Midnight on the first day of the month, `months` months from the one holding the instant. */
export function startOfMonth(epochMs: number, timezone: string, months = 0): number {
  const wall = toWallTime(epochMs, timezone);
  return fromWallTime({ year: wall.year, month: wall.month + months, day: 1, hour: 0, minute: 0 }, timezone);
}

/** Midnight on 1 January of the instant's year. */
export function startOfYear(epochMs: number, timezone: string): number {
  return fromWallTime({ year: toWallTime(epochMs, timezone).year, month: 1, day: 1, hour: 0, minute: 0 }, timezone);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-21": a calendar day, as `<input type="date">` holds it (such keys sort in time order). */
export function dayKey(epochMs: number, timezone: string): string {
  const w = toWallTime(epochMs, timezone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** "14:05", as `<input type="time">` holds it (no seconds). */
export function minuteKey(epochMs: number, timezone: string): string {
  const w = toWallTime(epochMs, timezone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/** The instant of a day key and a minute key, or null when either is not a full, valid value. */
export function fromDayAndTime(day: string, time: string, timezone: string): number | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const wall = { year: Number(d[1]), month: Number(d[2]), day: Number(d[3]), hour: Number(t[1]), minute: Number(t[2]) };
  if (wall.month < 1 || wall.month > 12 || wall.day < 1 || wall.day > daysInMonth(wall.year, wall.month) || wall.hour > 23 || wall.minute > 59) return null;
  return fromWallTime(wall, timezone);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
