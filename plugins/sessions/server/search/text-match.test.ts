import { describe, expect, it } from 'vitest';
import { escapeLike, likePattern } from './text-match.js';

describe('LIKE patterns', () => {
  it('escapes the wildcards and the escape character itself', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
    expect(escapeLike("plain ' text")).toBe("plain ' text");
  });

  it('anchors contains, startsWith and endsWith', () => {
    expect(likePattern('contains', 'a_b')).toBe('%a\\_b%');
    expect(likePattern('startsWith', '/check')).toBe('/check%');
    expect(likePattern('endsWith', '%25')).toBe('%\\%25');
  });
});
