import { describe, expect, it } from 'vitest';
import { canonicalTimeZone, timeZoneChoices } from './time-zone.js';

describe('weekly report time zones', () => {
  it('accepts IANA names, in their canonical spelling', () => {
    expect(canonicalTimeZone('Pacific/Auckland')).toBe('Pacific/Auckland');
    expect(canonicalTimeZone('America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('utc')).toBe('UTC');
  });

  it('refuses names the runtime does not know, offsets and odd text', () => {
    for (const name of ['Mars/Olympus_Mons', '', '+05:00', 'Europe/Paris; drop table', 'a'.repeat(65), 'Europe/../UTC x']) {
      expect(canonicalTimeZone(name), name).toBeNull();
    }
  });

  it('offers UTC first and every zone the runtime lists, each one accepted', () => {
    const choices = timeZoneChoices();
    expect(choices[0]).toBe('UTC');
    expect(choices).toContain('Pacific/Auckland');
    expect(new Set(choices).size).toBe(choices.length);
    expect(choices.filter((zone) => canonicalTimeZone(zone) === null)).toEqual([]);
  });
});
