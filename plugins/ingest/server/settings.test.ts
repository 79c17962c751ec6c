import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, readSettings } from './settings.js';

describe('readSettings', () => {
  it('fills defaults (a session ends after 35 silent minutes, longer than the tracker keeps a hidden tab)', () => {
    expect(readSettings({})).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.sessionSilenceMinutes).toBeGreaterThan(30);
    expect(readSettings({ sessionSilenceMinutes: 5, trackerScriptPath: '/opt/tracker.js' })).toMatchObject({ sessionSilenceMinutes: 5, trackerScriptPath: '/opt/tracker.js' });
  });

  it('refuses wrong values with the setting named', () => {
    expect(() => readSettings({ sessionSilenceMinutes: 'soon' })).toThrow(/settings.sessionSilenceMinutes/);
    expect(() => readSettings({ maxBacklog: 0 })).toThrow(/settings.maxBacklog must be a number between 1/);
    expect(() => readSettings({ maxInFlightBatches: Number.POSITIVE_INFINITY })).toThrow(/maxInFlightBatches/);
    expect(() => readSettings({ trackerScriptPath: '' })).toThrow(/trackerScriptPath/);
  });
});
