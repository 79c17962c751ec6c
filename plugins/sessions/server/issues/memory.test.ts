import { describe, expect, it } from 'vitest';
import { ev, run, T0 } from '../../testing/heuristic-fixture.js';
import { memory } from './memory.js';

const MB = 1024 * 1024;
const sample = (at: number, load: number, memoryUsed?: number) => ev(at, { type: 'performance', cpu: load, ...(memoryUsed === undefined ? {} : { memoryUsed }) });

describe('memory', () => {
  it('flags a sample at 300 % of the running average, after the warm-up', () => {
    const steady = [0, 1, 2, 3, 4].map((i) => sample(i * 5000, 10, 100 * MB));
    const issues = run(memory, [...steady, sample(25_000, 10, 300 * MB)]);
    expect(issues).toEqual([
      { type: 'memory', contextString: 'Memory 300 MB, 300 % of the average', timestamp: T0 + 25_000, seq: 0, idx: expect.any(Number), payload: { memoryUsed: 300 * MB, average: 100 * MB, ratio: 3 } },
    ]);
    expect(run(memory, [...steady, sample(25_000, 10, 299 * MB)])).toEqual([]);
  });

  it('waits for 5 samples before judging', () => {
    const four = [0, 1, 2, 3].map((i) => sample(i * 5000, 10, 100 * MB));
    expect(run(memory, [...four, sample(20_000, 10, 900 * MB)])).toEqual([]);
  });

  it('raises one issue per spike, and again after memory came back down', () => {
    const steady = [0, 1, 2, 3, 4].map((i) => sample(i * 5000, 10, 100 * MB));
    const spike = [sample(25_000, 10, 1000 * MB), sample(30_000, 10, 1000 * MB)];
    expect(run(memory, [...steady, ...spike])).toHaveLength(1);
    const again = [sample(35_000, 10, 100 * MB), sample(40_000, 10, 5000 * MB)];
    expect(run(memory, [...steady, ...spike, ...again])).toHaveLength(2);
  });

  it('ignores samples without memory (browsers without the API)', () => {
    expect(run(memory, [0, 1, 2, 3, 4, 5].map((i) => sample(i * 5000, 10)))).toEqual([]);
  });
});
