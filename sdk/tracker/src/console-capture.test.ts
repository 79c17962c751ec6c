import { describe, expect, it } from 'vitest';
import { formatConsoleArgs, installConsoleCapture } from './console-capture';

describe('console capture', () => {
  it('records the chosen levels, keeps the console working, and restores it', () => {
    const printed: unknown[][] = [];
    const target = {
      log: (...a: unknown[]) => printed.push(a),
      error: (...a: unknown[]) => printed.push(a),
      info: (...a: unknown[]) => printed.push(a),
      warn: (...a: unknown[]) => printed.push(a),
    } as unknown as Console;
    const originalLog = target.log;
    const seen: Array<[string, string]> = [];
    const restore = installConsoleCapture(target, ['log', 'error'], (level, value) => seen.push([level, value]));
    target.log('hello', { a: 1 }, 3);
    target.error(new TypeError('boom'));
    target.info('not recorded');
    expect(seen).toEqual([
      ['log', 'hello {"a":1} 3'],
      ['error', 'TypeError: boom'],
    ]);
    expect(printed).toHaveLength(3);
    restore();
    expect(target.log).toBe(originalLog);
  });

  it('formats cycles and clips long values', () => {
    const cyclic: Record<string, unknown> = { n: 1 };
    cyclic.me = cyclic;
    expect(formatConsoleArgs([cyclic])).toBe('{"n":1,"me":"[Circular]"}');
    expect(formatConsoleArgs(['x'.repeat(5_000)]).length).toBe(2_000);
  });
});
