import { describe, expect, it } from 'vitest';
import { chunkFacts } from './recording-index.processor.js';

const T0 = Date.UTC(2026, 10, 20, 10, 0, 0);

describe('chunkFacts', () => {
  it('takes the time bounds, the full snapshot and the approximate size of a batch', () => {
    const recording = [
      { type: 3, timestamp: T0 + 50, data: {} },
      { type: 2, timestamp: T0 + 10, data: { node: {} } },
      { type: 3, timestamp: T0 + 30, data: {} },
    ];
    expect(chunkFacts({ seq: 4, pageNo: 2, recording })).toEqual({
      seq: 4,
      pageNo: 2,
      firstTs: T0 + 10,
      lastTs: T0 + 50,
      hasFullSnapshot: true,
      bytes: JSON.stringify(recording).length,
    });
  });

  it('ignores absurd timestamps and answers null bounds for a chunk without DOM events', () => {
    expect(chunkFacts({ seq: 0, pageNo: 0, recording: [] })).toMatchObject({ firstTs: null, lastTs: null, hasFullSnapshot: false, bytes: 2 });
    const odd = [
      { type: 3, timestamp: 5, data: {} },
      { type: 3, timestamp: Number.NaN, data: {} },
      { type: 3, timestamp: T0, data: {} },
    ];
    expect(chunkFacts({ seq: 1, pageNo: 0, recording: odd })).toMatchObject({ firstTs: T0, lastTs: T0, hasFullSnapshot: false });
  });
});
