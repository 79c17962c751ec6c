import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range.js';

describe('parseRange', () => {
  it('reads one byte range in its three forms', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
  });

  it('ignores what it cannot serve as one range, and refuses a start past the end', () => {
    expect(parseRange(undefined, 10)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 10)).toBeNull();
    expect(parseRange('items=0-1', 10)).toBeNull();
    expect(parseRange('bytes=5-2', 10)).toBeNull();
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
  });
});
