import { describe, expect, it } from 'vitest';
import { formatDuration, formatElapsed, formatMilliseconds } from './duration.js';

describe('durations', () => {
  it('shows a session length of at least one second, in seconds, minutes and hours', () => {
    expect(formatDuration(0)).toBe('1s');
    expect(formatDuration(200)).toBe('1s');
    expect(formatDuration(42_000)).toBe('42s');
    expect(formatDuration(65_000)).toBe('1m 5s');
    expect(formatDuration(3_725_000)).toBe('1h 2m');
  });

  it('shows a measured time in ms below a second and in seconds above', () => {
    expect(formatMilliseconds(249.6)).toBe('250 ms');
    expect(formatMilliseconds(1250)).toBe('1.25 s');
    expect(formatMilliseconds(null)).toBe('—');
  });

  it('shows a timeline position as m:ss, mm:ss or h:mm:ss', () => {
    expect(formatElapsed(65_400)).toBe('1:05');
    expect(formatElapsed(65_400, { padMinutes: true })).toBe('01:05');
    expect(formatElapsed(3_725_000)).toBe('1:02:05');
    expect(formatElapsed(-5)).toBe('0:00');
    expect(formatElapsed(Number.NaN)).toBe('0:00');
  });
});
