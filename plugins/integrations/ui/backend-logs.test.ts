import { describe, expect, it } from 'vitest';
import type { BackendLogLine } from '../shared/integration.js';
import { currentLineIndex, formatOffset, placeLines } from './backend-logs.js';

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
