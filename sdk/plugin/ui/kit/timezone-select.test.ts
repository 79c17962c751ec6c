import { describe, expect, it } from 'vitest';
import { timezoneOptions, utcOffsetLabel } from './timezone-select.js';

describe('timezone dropdown', () => {
  const winter = new Date(Date.UTC(2026, 0, 15, 12));
  const summer = new Date(Date.UTC(2026, 6, 15, 12));

  it('labels a zone with its offset at that moment', () => {
    expect(utcOffsetLabel('Europe/Berlin', winter)).toBe('UTC+01:00');
    expect(utcOffsetLabel('Europe/Berlin', summer)).toBe('UTC+02:00');
    expect(utcOffsetLabel('UTC', winter)).toBe('UTC+00:00');
    expect(utcOffsetLabel('Asia/Kolkata', winter)).toBe('UTC+05:30');
  });

  it('offers the local offset and UTC, and keeps a remembered other zone choosable', () => {
    expect(timezoneOptions('Europe/Berlin', 'Europe/Berlin', winter)).toEqual([
      { value: 'Europe/Berlin', label: 'Local (UTC+01:00)' },
      { value: 'UTC', label: 'UTC' },
    ]);
    // A browser on UTC still offers both: one option alone is no choice.
    expect(timezoneOptions('UTC', 'UTC', winter)).toEqual([
      { value: 'UTC', label: 'Local (UTC+00:00)' },
      { value: 'Etc/UTC', label: 'UTC' },
    ]);
    expect(timezoneOptions('Etc/UTC', 'UTC', winter)).toHaveLength(2);
    expect(timezoneOptions('America/New_York', 'Europe/Berlin', winter).map((o) => o.label)).toEqual(['Local (UTC+01:00)', 'UTC', 'America/New_York (UTC-05:00)']);
  });
});
