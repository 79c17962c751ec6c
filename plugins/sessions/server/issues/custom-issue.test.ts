import { describe, expect, it } from 'vitest';
import { customIssue } from './custom-issue.js';
import { ev, run, T0 } from '../../testing/heuristic-fixture.js';

describe('custom issue', () => {
  it("stores the site's issues as custom, named in the context and the payload", () => {
    expect(run(customIssue, [ev(0, { type: 'issue', issueType: 'checkout_failed', payload: { step: 2 } }, { idx: 1 })])).toEqual([
      { type: 'custom', contextString: 'checkout_failed', timestamp: T0, seq: 0, idx: 1, payload: { name: 'checkout_failed', payload: { step: 2 } } },
    ]);
    expect(run(customIssue, [ev(0, { type: 'issue', issueType: '  ' })])).toEqual([]);
  });
});
