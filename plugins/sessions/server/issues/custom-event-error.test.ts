import { describe, expect, it } from 'vitest';
import { customEventError } from './custom-event-error.js';
import { ev, run, T0 } from '../../testing/heuristic-fixture.js';

describe('custom event error', () => {
  it('raises custom_event_error for a custom event named as a failure or carrying an error', () => {
    expect(run(customEventError, [ev(0, { type: 'custom', name: 'checkout_error', payload: { step: 2 } }, { idx: 1 })])).toEqual([
      { type: 'custom_event_error', contextString: 'checkout_error', timestamp: T0, seq: 0, idx: 1, payload: { name: 'checkout_error', payload: { step: 2 } } },
    ]);
    expect(run(customEventError, [ev(0, { type: 'custom', name: 'PaymentFailed' })]).map((i) => i.contextString)).toEqual(['PaymentFailed']);
    expect(run(customEventError, [ev(0, { type: 'custom', name: 'purchase', payload: { error: 'card declined' } })]).map((i) => i.payload)).toEqual([
      { name: 'purchase', payload: { error: 'card declined' } },
    ]);
  });

  it('leaves ordinary custom events alone', () => {
    expect(run(customEventError, [ev(0, { type: 'custom', name: 'purchase', payload: { amount: 3 } }), ev(1, { type: 'custom', name: 'signup', payload: { error: null } })])).toEqual([]);
  });
});
