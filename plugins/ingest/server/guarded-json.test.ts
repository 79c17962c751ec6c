import { describe, expect, it } from 'vitest';
import { JsonLimitError, parseGuardedJson } from './guarded-json.js';

describe('parseGuardedJson', () => {
  it('parses ordinary JSON, brackets inside strings do not count as nesting', () => {
    expect(parseGuardedJson('{"a":[1,"[[[[","\\"{{"]}', { maxDepth: 2, maxNodes: 10 })).toEqual({ a: [1, '[[[[', '"{{'] });
  });

  it('refuses nesting past the limit before parsing', () => {
    expect(() => parseGuardedJson('[[[1]]]', { maxDepth: 2, maxNodes: 100 })).toThrow(JsonLimitError);
    expect(() => parseGuardedJson('['.repeat(1_000_000), { maxDepth: 512, maxNodes: 100 })).toThrow(/nested too deeply/);
    expect(parseGuardedJson(`${'['.repeat(512)}${']'.repeat(512)}`)).toBeDefined();
  });

  it('refuses too many values', () => {
    expect(() => parseGuardedJson(JSON.stringify(Array.from({ length: 100 }, () => 0)), { maxDepth: 5, maxNodes: 50 })).toThrow(/too many values/);
  });

  it('reports invalid JSON as a SyntaxError', () => {
    expect(() => parseGuardedJson('{"a":')).toThrow(SyntaxError);
    expect(() => parseGuardedJson('')).toThrow(SyntaxError);
  });
});
