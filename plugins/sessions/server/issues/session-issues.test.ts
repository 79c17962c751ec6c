import { describe, expect, it } from 'vitest';
import { toSessionIssue } from './session-issues.js';

const T0 = Date.UTC(2026, 10, 20, 10, 0, 0);

describe('toSessionIssue', () => {
  it('maps a stored row to the API issue, with the list name and the time since the start', () => {
    const row = { issue_id: 'click_rage:2:7', type: 'click_rage', context_string: 'button#buy', ts: new Date(T0 + 4200), seq: 2, idx: 7, payload: { count: 4 } };
    expect(toSessionIssue(row, T0)).toEqual({
      issueId: 'click_rage:2:7',
      type: 'click_rage',
      name: 'Click Rage',
      visible: true,
      icon: 'click_rage',
      contextString: 'button#buy',
      time: 4200,
      timestamp: T0 + 4200,
      seqIndex: 200_007,
      payload: { count: 4 },
    });
  });

  it('reads timestamps and JSON given as text, never answers a negative time, hides custom', () => {
    const row = { issue_id: 'custom:0:0', type: 'custom', context_string: 'x', ts: new Date(T0 - 50).toISOString(), seq: 0, idx: 0, payload: '{"name":"x"}' };
    expect(toSessionIssue(row, T0)).toMatchObject({ time: 0, timestamp: T0 - 50, visible: false, name: 'Custom', payload: { name: 'x' } });
  });

  it('skips a type this server does not know', () => {
    expect(toSessionIssue({ issue_id: 'x:0:0', type: 'watchdog_made_up', context_string: '', ts: T0, seq: 0, idx: 0, payload: null }, T0)).toBeNull();
  });

  it('names a custom event error with its icon type', () => {
    expect(toSessionIssue({ issue_id: 'custom_event_error:0:0', type: 'custom_event_error', context_string: 'checkout_error', ts: T0, seq: 0, idx: 0, payload: null }, T0)).toMatchObject({
      type: 'custom_event_error',
      name: 'Custom Event Errors',
      icon: 'custom_event_error',
    });
  });
});
