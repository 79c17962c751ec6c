import { describe, expect, it } from 'vitest';
import { cpu } from './cpu.js';
import { ev, run, T0 } from '../../testing/heuristic-fixture.js';

const sample = (at: number, load: number) => ev(at, { type: 'performance', cpu: load });

describe('cpu', () => {
  it('flags 70 % or more lasting 6 s, when the episode ends, with its length and average', () => {
    const issues = run(cpu, [sample(0, 80), sample(4000, 90), sample(8000, 85), sample(12_000, 20)]);
    expect(issues).toEqual([{ type: 'cpu', contextString: 'CPU 85 % for 8 s', timestamp: T0, seq: 0, idx: expect.any(Number), payload: { average: 85, peak: 90, durationMs: 8000, samples: 3 } }]);
  });

  it('5.9 s is not enough, 6 s is', () => {
    expect(run(cpu, [sample(0, 70), sample(5900, 70), sample(9000, 10)])).toEqual([]);
    expect(run(cpu, [sample(0, 70), sample(6000, 70), sample(9000, 10)])).toHaveLength(1);
    expect(run(cpu, [sample(0, 69), sample(6000, 69), sample(9000, 10)])).toEqual([]);
  });

  it('a low sample or a long gap splits episodes', () => {
    expect(run(cpu, [sample(0, 90), sample(3000, 50), sample(6000, 90)], 7000)).toEqual([]);
    expect(run(cpu, [sample(0, 90), sample(16_000, 90)], 17_000)).toEqual([]);
  });

  it('closes an episode still going when the session ends', () => {
    expect(run(cpu, [sample(0, 90), sample(5000, 90), sample(10_000, 90)])).toEqual([]);
    expect(run(cpu, [sample(0, 90), sample(5000, 90), sample(10_000, 90)], 10_500)).toMatchObject([{ contextString: 'CPU 90 % for 10 s' }]);
  });
});
