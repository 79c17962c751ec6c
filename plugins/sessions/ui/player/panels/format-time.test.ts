import { describe, expect, it } from 'vitest';
import { formatDurationMs, formatTime } from './format-time.js';

describe('formatTime', () => {
  it('shows minutes and seconds under an hour, truncating milliseconds', () => {
    expect(formatTime(0)).toBe('00:00');
    expect(formatTime(999)).toBe('00:00');
    expect(formatTime(65_400)).toBe('01:05');
    expect(formatTime(3_599_999)).toBe('59:59');
  });

  it('adds hours from the first hour on', () => {
    expect(formatTime(3_600_000)).toBe('1:00:00');
    expect(formatTime(3_723_000)).toBe('1:02:03');
    expect(formatTime(36_000_000 + 61_000)).toBe('10:01:01');
  });

  it('never shows a negative time (events stamped before the start)', () => {
    expect(formatTime(-1500)).toBe('00:00');
  });
});

describe('formatDurationMs', () => {
  it('shows milliseconds under a second and seconds above', () => {
    expect(formatDurationMs(0)).toBe('0 ms');
    expect(formatDurationMs(312.6)).toBe('313 ms');
    expect(formatDurationMs(1520)).toBe('1.52 s');
  });

  it('shows a dash when unknown', () => {
    expect(formatDurationMs(null)).toBe('—');
  });
});
