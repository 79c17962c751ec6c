import { describe, expect, it } from 'vitest';
import { isIssueId, issueIdOf } from './issue-id.js';

describe('issue ids', () => {
  it('are stable, URL-safe, short, and differ by type and by context', () => {
    const id = issueIdOf({ type: 'click_rage', contextString: 'button#pay' });
    expect(issueIdOf({ type: 'click_rage', contextString: 'button#pay' })).toBe(id);
    expect(id).toMatch(/^click_rage\.[A-Za-z0-9_-]{22}$/);
    expect(encodeURIComponent(id)).toBe(id);
    expect(issueIdOf({ type: 'dead_click', contextString: 'button#pay' })).not.toBe(id);
    expect(issueIdOf({ type: 'click_rage', contextString: 'button#buy' })).not.toBe(id);
    const long = issueIdOf({ type: 'bad_request', contextString: `https://api.example.test/${'x'.repeat(5_000)}` });
    expect(long.length).toBeLessThan(100);
    expect(isIssueId(id) && isIssueId(long)).toBe(true);
  });

  it('tells malformed ids', () => {
    for (const bad of ['', 'click_rage', 'click_rage.', 'click_rage.short', `x.${'a'.repeat(23)}`, '../x.aaaaaaaaaaaaaaaaaaaaaa', 'a b.aaaaaaaaaaaaaaaaaaaaaa']) {
      expect(isIssueId(bad), bad).toBe(false);
    }
  });
});
