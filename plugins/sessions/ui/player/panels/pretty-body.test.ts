import { describe, expect, it } from 'vitest';
import { prettyBody } from './pretty-body.js';

describe('prettyBody', () => {
  it('indents JSON objects and arrays', () => {
    expect(prettyBody('{"a":1,"b":[true]}')).toBe('{\n  "a": 1,\n  "b": [\n    true\n  ]\n}');
    expect(prettyBody(' [1,2] ')).toBe('[\n  1,\n  2\n]');
  });

  it('leaves other text and broken JSON untouched', () => {
    expect(prettyBody('quantity=1&sku=42')).toBe('quantity=1&sku=42');
    expect(prettyBody('{"a":')).toBe('{"a":');
    expect(prettyBody('42')).toBe('42');
  });
});
