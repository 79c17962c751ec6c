import { useHost } from '../host-context.js';
import { Select } from './fields.js';

/** "UTC+01:00" for a zone at a moment (summer and winter differ). */
export function utcOffsetLabel(timeZone: string, at = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
    return part === 'GMT' ? 'UTC+00:00' : part.replace('GMT', 'UTC');
  } catch {
    return timeZone;
  }
}

export interface TimezoneOption {
  value: string;
  label: string;
}

/**
 * The spec's timezone dropdown: the browser's local offset and UTC, always both (plus a
 * remembered other zone). A browser already on UTC still gets the two entries, UTC under its
 * other name (Etc/UTC) so that each entry has its own value.
 */
export function timezoneOptions(current: string, browserZone: string, at = new Date()): TimezoneOption[] {
  const utc = browserZone === 'UTC' ? 'Etc/UTC' : 'UTC';
  const options: TimezoneOption[] = [
    { value: browserZone, label: `Local (${utcOffsetLabel(browserZone, at)})` },
    { value: utc, label: 'UTC' },
  ];
  if (current !== browserZone && current !== 'UTC' && current !== 'Etc/UTC') options.push({ value: current, label: `${current} (${utcOffsetLabel(current, at)})` });
  return options;
}

/** Chooses the zone every time in the app is shown in (kept by the host for the whole app). */
export function TimezoneSelect({ className }: { className?: string }) {
  const { timezone, setTimezone } = useHost();
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <Select
      aria-label="Timezone"
      title="Times are shown in this timezone"
      className={className}
      options={timezoneOptions(timezone, browserZone)}
      value={timezone}
      onChange={(e) => setTimezone(e.target.value)}
    />
  );
}
