import { describe, expect, it } from 'vitest';
import { displayName, numericHash } from './list-item.js';

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
});
