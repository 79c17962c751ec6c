import { describe, expect, it } from 'vitest';
import { trusted } from '@cassette/plugin-sdk/server';
import { escapeLike, likePattern, textMatch } from './text-match.js';

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

describe('the shape of a prefix match', () => {
  it('compares lower(column) with lower(prefix) one value at a time, the shape the lower(...) text_pattern_ops indexes serve', () => {
    const match = textMatch('startsWith', [{ column: trusted('e.path'), values: ['/Products/', '50%'] }]);
    expect(match.sql).toBe('(lower(e.path) like lower(?)) or (lower(e.path) like lower(?))');
    expect(match.params).toEqual(['/Products/%', '50\\%%']);
    // Contains still ignores case with ILIKE: no btree index serves it either way.
    expect(textMatch('contains', [{ column: trusted('e.path'), values: ['x'] }]).sql).toBe('e.path ilike any (array[?]::text[])');
  });
});
