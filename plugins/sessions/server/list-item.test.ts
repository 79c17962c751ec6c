import { describe, expect, it } from 'vitest';
import { displayName, numericHash, toListItem, type SessionListRow } from './list-item.js';

describe('list item', () => {
  it('names the user by id, else anonymous id, else Anonymous User', () => {
    expect(displayName('ada', 'anon')).toBe('ada');
    expect(displayName(null, 'anon')).toBe('anon');
    expect(displayName(null, null)).toBe('Anonymous User');
  });

  it('hashes a user id to a stable non-negative 32-bit number', () => {
    expect(numericHash('ada@example.test')).toBe(numericHash('ada@example.test'));
    expect(numericHash('ada@example.test')).not.toBe(numericHash('bob@example.test'));
    for (const s of ['', 'x', 'a much longer identifier ✓']) {
      const h = numericHash(s);
      expect(Number.isInteger(h) && h >= 0 && h < 2 ** 32).toBe(true);
    }
  });

  it('shows a session as live only while its tab is sending, and both live fields agree', () => {
    const now = Date.UTC(2026, 10, 20, 10, 0, 0);
    const row = (endedAt: Date | null, lastEventAt: Date) =>
      ({ session_id: '1', project_id: 1, started_at: new Date(now - 600_000), duration_ms: 0, ended_at: endedAt, last_event_at: lastEventAt, viewed: false, favorite: false }) as unknown as SessionListRow;
    const sending = toListItem(row(null, new Date(now - 5_000)), now);
    expect([sending.live, sending.active, sending.endedAt]).toEqual([true, true, null]);
    // Closed ten minutes ago; ingest ends it only after 35 minutes of silence.
    const closed = toListItem(row(null, new Date(now - 600_000)), now);
    expect([closed.live, closed.active]).toEqual([false, false]);
    const ended = toListItem(row(new Date(now - 1_000), new Date(now - 1_000)), now);
    expect([ended.live, ended.active, ended.endedAt]).toEqual([false, false, now - 1_000]);
  });
});
