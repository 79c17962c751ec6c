// The spec's formats: 'LLL dd, yyyy' for announcements ('Nov 21, 2026'), with a time for alerts
// ('Nov 21, 2026, 09:05 PM'). Month names are fixed English so the text does not vary by browser locale.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The host's time zone when the browser knows it; otherwise the browser's own. */
function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' };
    try {
      formatter = new Intl.DateTimeFormat('en-US', timeZone && timeZone !== 'local' ? { ...options, timeZone } : options);
    } catch {
      formatter = new Intl.DateTimeFormat('en-US', options);
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

function partsOf(ms: number, timeZone: string | undefined) {
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour) % 24, minute: Number(parts.minute) };
}

const pad = (n: number) => String(n).padStart(2, '0');

export function formatDate(ms: number, timeZone?: string): string {
  const { year, month, day } = partsOf(ms, timeZone);
  return `${MONTHS[month - 1]} ${pad(day)}, ${year}`;
}

export function formatDateTime(ms: number, timeZone?: string): string {
  const { year, month, day, hour, minute } = partsOf(ms, timeZone);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${MONTHS[month - 1]} ${pad(day)}, ${year}, ${pad(hour12)}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}
