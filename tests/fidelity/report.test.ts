import { describe, expect, it } from 'vitest';
import { fidelityTable, verdict, type PageScore } from './report.js';

const page = (id: string, score: number): PageScore => ({ id, covers: 'a class', score, considered: 1000, differing: Math.round((1 - score) * 1000) });

describe('verdict', () => {
  const thresholds = { mean: 0.97, page: 0.95 };

  it('passes when every page reaches the page threshold and the mean reaches its own', () => {
    expect(verdict([page('a', 0.99), page('b', 0.96)], thresholds)).toMatchObject({ passed: true, below: [] });
  });

  it('fails on one page below the page threshold, though the mean is high', () => {
    const scores = [...Array.from({ length: 20 }, (_, i) => page(`p${i}`, 1)), page('low', 0.94)];
    const v = verdict(scores, thresholds);
    expect(v.mean).toBeGreaterThan(0.99);
    expect(v.passed).toBe(false);
    expect(v.below.map((s) => s.id)).toEqual(['low']);
  });

  it('fails on a mean below its threshold, though no page is below its own', () => {
    const v = verdict([page('a', 0.96), page('b', 0.96)], thresholds);
    expect(v.below).toEqual([]);
    expect(v.passed).toBe(false);
  });

  it('fails with no pages at all', () => {
    expect(verdict([], thresholds).passed).toBe(false);
  });
});

describe('fidelityTable', () => {
  it('lists the worst page first, marks those below, and ends with the verdict', () => {
    const table = fidelityTable([page('good', 0.999), { ...page('blank', 0.02), problem: 'nothing shown' }], { mean: 0.97, page: 0.95 });
    const lines = table.split('\n');
    expect(lines[2]).toMatch(/^\| blank +\| 0\.0200 \| 1000 +\| 980 +\| BELOW .*nothing shown/);
    expect(lines[3]).toMatch(/^\| good +\| 0\.9990 .*\| ok /);
    expect(table).toContain('below 0.95: 1 (blank)');
    expect(lines.at(-1)).toBe('verdict: FAIL');
  });
});
