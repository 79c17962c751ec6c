import { describe, expect, it } from 'vitest';
import { isLiveSession, LIVE_WITHIN_MS } from './live-session.js';

const NOW = Date.UTC(2026, 10, 20, 10, 0, 0);
const ago = (ms: number) => new Date(NOW - ms);

describe('live session', () => {
  it('is live while it is not ended and sent something recently', () => {
    expect(isLiveSession(null, ago(2_000), NOW)).toBe(true);
    expect(isLiveSession(null, ago(LIVE_WITHIN_MS), NOW)).toBe(true);
    expect(isLiveSession(null, ago(2_000).toISOString(), NOW)).toBe(true);
  });

  it('is not live once the tab stopped sending, though ingest has not ended it yet', () => {
    expect(isLiveSession(null, ago(LIVE_WITHIN_MS + 1), NOW)).toBe(false);
    expect(isLiveSession(null, ago(20 * 60_000), NOW)).toBe(false);
    expect(isLiveSession(null, null, NOW)).toBe(false);
  });

  it('is never live once ended', () => {
    expect(isLiveSession(ago(1_000), ago(1_000), NOW)).toBe(false);
  });
});
