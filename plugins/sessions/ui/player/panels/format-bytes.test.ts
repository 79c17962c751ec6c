import { describe, expect, it } from 'vitest';
import { bytesToMegabytes, formatBytes } from './format-bytes.js';

describe('formatBytes', () => {
  it('keeps bytes under a kilobyte', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
  });

  it('steps by 1024 through KB, MB and GB', () => {
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(250 * 1024)).toBe('250 KB');
    expect(formatBytes(1048576)).toBe('1.0 MB');
    expect(formatBytes(5.25 * 1048576)).toBe('5.3 MB');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2.0 GB');
    expect(formatBytes(3000 * 1024 ** 3)).toBe('3000 GB');
  });

  it('shows a dash for unknown sizes', () => {
    expect(formatBytes(null)).toBe('—');
    expect(formatBytes(-1)).toBe('—');
  });
});

describe('bytesToMegabytes', () => {
  it('divides by 1048576', () => {
    expect(bytesToMegabytes(1048576)).toBe(1);
    expect(bytesToMegabytes(52_428_800)).toBe(50);
  });
});
