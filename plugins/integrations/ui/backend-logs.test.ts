import { describe, expect, it } from 'vitest';
import type { BackendLogLine } from '../shared/integration.js';
import { currentLineIndex, formatOffset, lineMarkers, placeLines } from './backend-logs.js';

const line = (index: number, time: number): BackendLogLine => ({ time, index, name: '', message: `line ${index}`, payload: null, source: 'sentry', level: 'info' });

describe('backend log lines on the player clock', () => {
  it('places lines from the session start in time order, equal times in the answer order', () => {
    expect(placeLines([line(2, 5_000), line(1, 3_000), line(0, 3_000), line(3, 900)], 1_000).map((l) => [l.index, l.at])).toEqual([
      [3, -100],
      [0, 2_000],
      [1, 2_000],
      [2, 4_000],
    ]);
  });

  it('finds the line the player is at, and writes offsets as mm:ss (before the recording: negative)', () => {
    const lines = [{ at: -100 }, { at: 2_000 }, { at: 4_000 }];
    expect(currentLineIndex(lines, -500)).toBe(-1);
    expect(currentLineIndex(lines, 0)).toBe(0);
    expect(currentLineIndex(lines, 2_000)).toBe(1);
    expect(currentLineIndex(lines, 99_000)).toBe(2);
    expect(formatOffset(-1_500)).toBe('-00:01');
    expect(formatOffset(754_999)).toBe('12:34');
  });
});

describe('backend log lines as timeline markers', () => {
  it('gives one marker per line at its moment, errors and warnings apart from info and debug', () => {
    const at = (index: number, time: number, level: BackendLogLine['level'], name = ''): BackendLogLine => ({ ...line(index, time), level, name, message: `${level} ${index}` });
    const placed = placeLines([at(0, 500, 'debug'), at(1, 3_000, 'info', 'api'), at(2, 4_000, 'warn'), at(3, 9_000, 'error', 'billing')], 1_000);
    expect(lineMarkers(placed)).toEqual([
      // Logged before the recording began: at its start, where the player can go.
      { key: 'sentry:0', time: 0, level: 'info', label: 'debug · sentry: debug 0' },
      { key: 'sentry:1', time: 2_000, level: 'info', label: 'info · sentry · api: info 1' },
      { key: 'sentry:2', time: 3_000, level: 'warn', label: 'warn · sentry: warn 2' },
      { key: 'sentry:3', time: 8_000, level: 'error', label: 'error · sentry · billing: error 3' },
    ]);
  });
});
