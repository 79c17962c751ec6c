// The organization's weekly report time zone: an IANA name the JavaScript runtime knows. Server and
// browser check names the same way, with Intl, so a zone the form offers is one the server accepts.

/** Reports go by UTC until an admin picks a zone. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** IANA names are short and use letters, digits, `_`, `-`, `+` and `/` (`America/Port-au-Prince`, `Etc/GMT+5`). */
const TIME_ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** The canonical IANA name of `name` (`utc` → `UTC`), or null when the runtime does not know it. */
export function canonicalTimeZone(name: string): string | null {
  if (!TIME_ZONE_SHAPE.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** Every zone the runtime lists, with UTC first (Intl's list leaves it out on some runtimes). */
export function timeZoneChoices(): string[] {
  const listed = Intl.supportedValuesOf('timeZone');
  return [DEFAULT_TIME_ZONE, ...listed.filter((zone) => zone !== DEFAULT_TIME_ZONE)];
}
