import { describe, expect, it } from 'vitest';
import { rehydrationInProgress, rehydrationProblems } from './rehydration.js';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const valid = { name: 'Last week', startTs: NOW - 7 * 86_400_000, endTs: NOW };

describe('rehydrationProblems (spec part 2 §5 "Rehydration: name not empty", §9 minimum 1 minute)', () => {
  it('accepts a named range of at least a minute that starts in the past', () => {
    expect(rehydrationProblems(valid, NOW)).toEqual([]);
    expect(rehydrationProblems({ ...valid, startTs: NOW - 60_000 }, NOW)).toEqual([]);
  });

  it('refuses an empty, blank, long or multi-line name', () => {
    expect(rehydrationProblems({ ...valid, name: '' }, NOW)).toEqual(['Give the rehydration a name.']);
    expect(rehydrationProblems({ ...valid, name: '  ' }, NOW)).toEqual(['Give the rehydration a name.']);
    expect(rehydrationProblems({ ...valid, name: 'x'.repeat(51) }, NOW)).toEqual(['A rehydration name has at most 50 characters.']);
    expect(rehydrationProblems({ ...valid, name: 'a\tb' }, NOW)).toHaveLength(1);
  });

  it('refuses a missing range, one shorter than a minute or reversed, and one in the future', () => {
    expect(rehydrationProblems({ name: 'x' }, NOW)).toEqual(['Choose the start and the end of the time range.']);
    expect(rehydrationProblems({ ...valid, endTs: valid.startTs + 59_999 }, NOW)).toEqual(['The time range must end at least 1 minute after it starts.']);
    expect(rehydrationProblems({ ...valid, endTs: valid.startTs - 1 }, NOW)).toEqual(['The time range must end at least 1 minute after it starts.']);
    expect(rehydrationProblems({ ...valid, startTs: NOW + 1, endTs: NOW + 3_600_000 }, NOW)[0]).toMatch(/^The time range must start in the past/);
  });

  it("is in progress only in the state 'in progress' (spec part 2 §4)", () => {
    expect(rehydrationInProgress({ state: 'in progress' })).toBe(true);
    for (const state of ['queued', 'done', 'failed'] as const) expect(rehydrationInProgress({ state })).toBe(false);
  });
});
