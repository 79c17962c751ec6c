import { describe, expect, it } from 'vitest';
import { ISSUE_TYPES } from '../../shared/issue-types.js';
import { ISSUE_TYPE_INFO, issueScore, resourceScore, RESOURCE_SCORE_RED, RESOURCE_SCORE_YELLOW, SLOW_RESOURCE_MS } from './thresholds.js';

describe('issue type names', () => {
  it("uses the spec's list names; custom is hidden", () => {
    expect(Object.keys(ISSUE_TYPE_INFO).sort()).toEqual([...ISSUE_TYPES].sort());
    expect(ISSUE_TYPE_INFO.js_exception.name).toBe('Errors');
    expect(ISSUE_TYPE_INFO.missing_resource.name).toBe('Missing Images');
    expect(ISSUE_TYPE_INFO.crash.name).toBe('Crashes');
    expect(ISSUE_TYPE_INFO.custom).toMatchObject({ name: 'Custom', visible: false });
    expect(Object.values(ISSUE_TYPE_INFO).filter((i) => !i.visible)).toHaveLength(1);
  });
});

describe('issueScore', () => {
  it('adds the weights of every issue, capped at 100', () => {
    expect(issueScore({})).toBe(0);
    expect(issueScore({ js_exception: 2, dead_click: 1 })).toBe(2 * ISSUE_TYPE_INFO.js_exception.weight + ISSUE_TYPE_INFO.dead_click.weight);
    expect(issueScore({ crash: 1, js_exception: 10 })).toBe(100);
  });
});

describe('resourceScore', () => {
  it('is 80 (red) at the slow-resource threshold, proportional below, capped at 100', () => {
    expect(resourceScore(SLOW_RESOURCE_MS, false)).toBe(RESOURCE_SCORE_RED);
    expect(resourceScore(SLOW_RESOURCE_MS - 50, false)).toBeLessThan(RESOURCE_SCORE_RED);
    expect(resourceScore(SLOW_RESOURCE_MS / 2, false)).toBe(40);
    expect(resourceScore(375, false)).toBe(RESOURCE_SCORE_YELLOW);
    expect(resourceScore(300, false)).toBeLessThan(RESOURCE_SCORE_YELLOW);
    expect(resourceScore(60_000, false)).toBe(100);
  });

  it('is 100 for a failed resource and 0 for an unknown duration', () => {
    expect(resourceScore(5, true)).toBe(100);
    expect(resourceScore(null, false)).toBe(0);
    expect(resourceScore(Number.NaN, false)).toBe(0);
    expect(resourceScore(-1, false)).toBe(0);
  });
});
