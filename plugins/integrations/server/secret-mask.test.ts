import { describe, expect, it } from 'vitest';
import { maskSecret } from './secret-mask.js';

describe('maskSecret', () => {
  it('shows the last 4 characters of a long secret only', () => {
    expect(maskSecret('sntrys_0123456789abcdef1f2e')).toBe('••••1f2e');
    // The end of a short secret would be a good part of it.
    expect(maskSecret('abc12345')).toBe('••••');
  });
});
