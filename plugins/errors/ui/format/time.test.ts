import { describe, expect, it } from 'vitest';
import { formatAgo, formatBytes, formatDateTime } from './time.js';

const NOW = Date.UTC(2026, 10, 21, 14, 0, 0);

describe('formatAgo', () => {
  it('says how long ago in the largest whole unit', () => {
    expect(formatAgo(NOW - 10_000, NOW)).toBe('just now');
    expect(formatAgo(NOW + 5_000, NOW)).toBe('just now');
    expect(formatAgo(NOW - 50_000, NOW)).toBe('50 seconds ago');
    expect(formatAgo(NOW - 60_000, NOW)).toBe('1 minute ago');
    expect(formatAgo(NOW - 3 * 3_600_000 - 5, NOW)).toBe('3 hours ago');
    expect(formatAgo(NOW - 86_400_000, NOW)).toBe('1 day ago');
    expect(formatAgo(NOW - 65 * 86_400_000, NOW)).toBe('2 months ago');
    expect(formatAgo(NOW - 800 * 86_400_000, NOW)).toBe('2 years ago');
  });
});

describe('formatDateTime', () => {
  it('shows the moment in the chosen timezone', () => {
    expect(formatDateTime(NOW, 'UTC')).toBe('Nov 21, 2026, 14:00:00 UTC');
    expect(formatDateTime(NOW, 'Europe/Berlin')).toBe('Nov 21, 2026, 15:00:00 Europe/Berlin');
    expect(formatDateTime(NOW, '+02:00')).toBe('Nov 21, 2026, 16:00:00 UTC+02:00');
  });
});

describe('formatBytes', () => {
  it('uses B, KB and MB', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});
