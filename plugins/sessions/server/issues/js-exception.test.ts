import { describe, expect, it } from 'vitest';
import { ev, run } from '../../testing/heuristic-fixture.js';
import { jsException } from './js-exception.js';

describe('js exception', () => {
  it('is every uncaught error or unhandled rejection; context is "Name: message"', () => {
    const issues = run(jsException, [
      ev(0, { type: 'error', source: 'js_exception', name: 'TypeError', message: 'x is undefined', stack: 'at a.js:1' }),
      ev(10, { type: 'error', source: 'unhandled_rejection', name: 'Error', message: 'nope' }),
      ev(20, { type: 'error', source: 'handled', name: 'Error', message: 'reported by the site' }),
    ]);
    expect(issues.map((i) => i.contextString)).toEqual(['TypeError: x is undefined', 'Error: nope']);
    expect(issues[0]!.payload).toEqual({ name: 'TypeError', message: 'x is undefined', source: 'js_exception' });
  });

  it('keeps a long message to one short line of context', () => {
    const [issue] = run(jsException, [ev(0, { type: 'error', source: 'js_exception', name: 'Error', message: `line\n${'x'.repeat(900)}` })]);
    expect(issue!.contextString).toHaveLength(500);
    expect(issue!.contextString).not.toContain('\n');
  });
});
