import { describe, expect, it } from 'vitest';
import { assertFiniteNumbers, cleanInput, MAX_INPUT_DEPTH } from './input-guard.js';

describe('input guard', () => {
  it('drops null and undefined values at any depth', () => {
    expect(cleanInput({ a: null, b: { c: undefined, d: 1 }, e: [1, { f: null }] }, 'body')).toEqual({ b: { d: 1 }, e: [1, {}] });
  });

  it('refuses NUL characters in values and keys', () => {
    expect(() => cleanInput({ name: 'a\u0000b' }, 'body')).toThrow(/NUL character/);
    expect(() => cleanInput({ ['k\u0000']: 1 }, 'query')).toThrow(/query contains a NUL/);
  });

  it('replaces lone surrogates (half an emoji) in values and keys with U+FFFD, keeping whole emoji', () => {
    expect(cleanInput({ title: 'Shop \uD83D', ['k\uDE00']: ['\uDE00x', 'ok 😀'] }, 'body')).toEqual({ title: 'Shop \uFFFD', ['k\uFFFD']: ['\uFFFDx', 'ok 😀'] });
  });

  it('refuses nesting past the limit without overflowing the stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => cleanInput(deep, 'body')).toThrow(/nested too deeply/);
    let ok: unknown = 'x';
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) ok = [ok];
    expect(() => cleanInput(ok, 'body')).not.toThrow();
  });

  it('refuses non-finite and unsafe numbers', () => {
    expect(() => assertFiniteNumbers({ id: Infinity }, 'path')).toThrow(/out of range/);
    expect(() => assertFiniteNumbers([1, 2 ** 60], 'body')).toThrow(/out of range/);
    expect(() => assertFiniteNumbers({ a: 1.5, b: [2] }, 'body')).not.toThrow();
  });
});
