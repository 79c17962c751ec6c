// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { describeError, installErrorCapture } from './error-capture';
import type { ErrorEvent as TrackedError } from './protocol';

let dispose: (() => void) | undefined;
afterEach(() => dispose?.());

describe('describeError', () => {
  it('keeps name, message and stack of errors, and describes anything else thrown', () => {
    const e = describeError(new TypeError('bad'), 'handled', 5);
    expect(e).toMatchObject({ type: 'error', ts: 5, source: 'handled', name: 'TypeError', message: 'bad' });
    expect(e.stack).toContain('bad');
    expect(describeError('plain string', 'unhandled_rejection', 1)).toEqual({
      type: 'error',
      ts: 1,
      source: 'unhandled_rejection',
      name: 'UnhandledRejection',
      message: 'plain string',
    });
    expect(describeError({ code: 4 }, 'js_exception', 1).message).toBe('{"code":4}');
  });
});

describe('installErrorCapture', () => {
  it('reports uncaught errors and unhandled rejections, not failed resources', () => {
    const seen: TrackedError[] = [];
    dispose = installErrorCapture(window as Window & typeof globalThis, (e) => seen.push(e), () => 9);
    window.dispatchEvent(new ErrorEvent('error', { error: new RangeError('out'), message: 'out' }));
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = new Error('nobody caught me');
    window.dispatchEvent(rejection);
    window.dispatchEvent(new Event('error'));
    expect(seen.map((e) => [e.source, e.name, e.message])).toEqual([
      ['js_exception', 'RangeError', 'out'],
      ['unhandled_rejection', 'Error', 'nobody caught me'],
    ]);
  });
});
