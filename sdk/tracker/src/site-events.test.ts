import { describe, expect, it } from 'vitest';
import { customEvent, graphqlEvent, issueEvent, stateActionEvent } from './site-events';

describe('events the site reports', () => {
  it('keeps a small payload as given and clips a large one to JSON text', () => {
    expect(customEvent('checkout', { items: 2 }, 1)).toEqual({ type: 'custom', ts: 1, name: 'checkout', payload: { items: 2 } });
    const large = customEvent('big', { text: 'x'.repeat(20_000) }, 1) as { payload: unknown };
    expect(typeof large.payload).toBe('string');
    expect((large.payload as string).length).toBe(10_000);
    expect((large.payload as string).startsWith('{"text":"xxx')).toBe(true);
  });

  it('records a payload JSON cannot hold as its text, and none for undefined', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(issueEvent('rage_click', circular, 1)).toEqual({ type: 'issue', ts: 1, issueType: 'rage_click', payload: '[object Object]' });
    expect(customEvent('plain', undefined, 1)).toEqual({ type: 'custom', ts: 1, name: 'plain' });
  });

  it('ignores a call without a name', () => {
    expect(customEvent('', {}, 1)).toBeNull();
    expect(issueEvent(42 as unknown as string, {}, 1)).toBeNull();
  });

  it('keeps GraphQL variables and responses, and state payloads, only when payloads are captured', () => {
    expect(graphqlEvent('query', 'Cart', { id: 1 }, { ok: true }, 12.6, true, 1)).toEqual({
      type: 'graphql',
      ts: 1,
      operationKind: 'query',
      operationName: 'Cart',
      duration: 13,
      variables: '{"id":1}',
      response: '{"ok":true}',
    });
    expect(graphqlEvent('mutation', 'Pay', { card: '4242' }, {}, Number.NaN, false, 1)).toEqual({ type: 'graphql', ts: 1, operationKind: 'mutation', operationName: 'Pay' });
    expect(stateActionEvent('cart/add', { sku: 'A' }, true, 1)).toEqual({ type: 'state_action', ts: 1, action: 'cart/add', payload: '{"sku":"A"}' });
    expect(stateActionEvent('cart/add', { sku: 'A' }, false, 1)).toEqual({ type: 'state_action', ts: 1, action: 'cart/add' });
  });
});
