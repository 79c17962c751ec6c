import { describe, expect, it } from 'vitest';
import { answersCell, latencyFigures, microsecondsPerEvent } from './flood-figures.js';

describe('flood figures', () => {
  it('summarises latencies by median, 95th percentile and worst', () => {
    expect(latencyFigures(Array.from({ length: 100 }, (_, i) => i + 0.4))).toEqual({ samples: 100, p50Ms: 49, p95Ms: 94, maxMs: 99 });
    expect(() => latencyFigures([])).toThrow(/no samples/);
  });

  it('gives the processing cost per event and the answers by status', () => {
    expect(microsecondsPerEvent(4_700, 50_000)).toBe(94);
    expect(() => microsecondsPerEvent(1, 0)).toThrow(/no events/);
    expect(answersCell({ 429: 157, 200: 41 })).toBe('200: 41, 429: 157');
    expect(answersCell({})).toBe('–');
  });
});
