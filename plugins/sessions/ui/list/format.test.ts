import { describe, expect, it } from 'vitest';
import { formatDuration } from './format.js';

describe('formatDuration', () => {
  it('shows at least one second', () => {
    expect(formatDuration(0)).toBe('1s');
    expect(formatDuration(200)).toBe('1s');
  });
  it('uses minutes and hours when long', () => {
    expect(formatDuration(65_000)).toBe('1m 5s');
    expect(formatDuration(3_725_000)).toBe('1h 2m');
  });
});
