/**
 * Wall-clock time in the viewer's chosen timezone (an IANA name, 'UTC' or a fixed offset such as
 * "+02:00"), so "today" and the custom range's inputs mean the day the viewer sees, not the
 * browser's. Only Intl is used: no timezone database ships with the app.
 */
export interface WallTime {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const OFFSET = /^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i;

type Zone = { kind: 'fixed'; offsetMs: number } | { kind: 'named'; format: Intl.DateTimeFormat };

const zones = new Map<string, Zone>();

function zoneOf(timezone: string): Zone {
  const cached = zones.get(timezone);
  if (cached) return cached;
  let zone: Zone;
  const offset = OFFSET.exec(timezone.trim());
  if (offset) {
    const minutes = Number(offset[2]) * 60 + Number(offset[3] ?? 0);
    zone = { kind: 'fixed', offsetMs: (offset[1] === '-' ? -1 : 1) * minutes * 60_000 };
  } else {
    try {
      zone = { kind: 'named', format: formatFor(timezone || undefined) };
    } catch {
      // An unknown name: the browser's own zone rather than a crash.
      zone = { kind: 'named', format: formatFor(undefined) };
    }
  }
  zones.set(timezone, zone);
  return zone;
}

function formatFor(timeZone: string | undefined): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' });
}

/** How far the zone's wall clock is ahead of UTC at an instant. */
function offsetAt(zone: Zone, epochMs: number): number {
  if (zone.kind === 'fixed') return zone.offsetMs;
  const parts = Object.fromEntries(zone.format.formatToParts(epochMs).map((p) => [p.type, Number(p.value)]));
  const wallAsUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!);
  return wallAsUtc - (epochMs - (((epochMs % 1000) + 1000) % 1000));
}

export function toWallTime(epochMs: number, timezone: string): WallTime {
  const shifted = new Date(epochMs + offsetAt(zoneOf(timezone), epochMs));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate(), hour: shifted.getUTCHours(), minute: shifted.getUTCMinutes() };
}

/** The instant a wall time names (the earlier one when a clock change repeats it). */
export function fromWallTime(wall: WallTime, timezone: string, second = 0, ms = 0): number {
  const zone = zoneOf(timezone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, second, ms);
  // Two rounds settle the offset on either side of a daylight-saving change.
  let epoch = asUtc - offsetAt(zone, asUtc);
  epoch = asUtc - offsetAt(zone, epoch);
  return epoch;
}

export function startOfDay(epochMs: number, timezone: string): number {
  return fromWallTime({ ...toWallTime(epochMs, timezone), hour: 0, minute: 0 }, timezone);
}

export function endOfDay(epochMs: number, timezone: string): number {
  return fromWallTime({ ...toWallTime(epochMs, timezone), hour: 23, minute: 59 }, timezone, 59, 999);
}

/** The same wall time `days` calendar days earlier or later. */
export function addDays(epochMs: number, days: number, timezone: string): number {
  const wall = toWallTime(epochMs, timezone);
  const day = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + days));
  return fromWallTime({ ...wall, year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() }, timezone);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-11-21", as `<input type="date">` holds it. */
export function dateInputValue(epochMs: number, timezone: string): string {
  const w = toWallTime(epochMs, timezone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** "14:05", as `<input type="time">` holds it (no seconds). */
export function timeInputValue(epochMs: number, timezone: string): string {
  const w = toWallTime(epochMs, timezone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/** The instant of a date input's and a time input's values, or null when either is not a full value. */
export function fromInputValues(date: string, time: string, timezone: string): number | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const wall = { year: Number(d[1]), month: Number(d[2]), day: Number(d[3]), hour: Number(t[1]), minute: Number(t[2]) };
  if (wall.month < 1 || wall.month > 12 || wall.day < 1 || wall.day > 31 || wall.hour > 23 || wall.minute > 59) return null;
  return fromWallTime(wall, timezone);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Nov 21, 2026 14:05" for the custom range's label. */
export function formatDateTime(epochMs: number, timezone: string): string {
  const w = toWallTime(epochMs, timezone);
  return `${MONTHS[w.month - 1]} ${w.day}, ${w.year} ${pad(w.hour)}:${pad(w.minute)}`;
}
