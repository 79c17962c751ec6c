import { describe, expect, it } from 'vitest';
import { waterfallBar, waterfallRange } from './network-waterfall.js';

describe('waterfallRange', () => {
  it('spans from the first start to the last end', () => {
    expect(waterfallRange([{ time: 1000, duration: 500 }, { time: 200, duration: 100 }, { time: 1200, duration: null }])).toEqual({ start: 200, end: 1500 });
  });

  it('is null without requests', () => {
    expect(waterfallRange([])).toBeNull();
  });
});

describe('waterfallBar', () => {
  const range = { start: 1000, end: 3000 };

  it('places a bar by its start and duration', () => {
    expect(waterfallBar({ time: 1000, duration: 2000 }, range)).toEqual({ left: 0, width: 100 });
    expect(waterfallBar({ time: 2000, duration: 500 }, range)).toEqual({ left: 50, width: 25 });
  });

  it('keeps instant requests visible and inside the track', () => {
    expect(waterfallBar({ time: 3000, duration: null }, range)).toEqual({ left: 99.5, width: 0.5 });
  });
});
