import { describe, expect, it } from 'vitest';
import { orderPlugins } from './plugin-graph.js';

describe('orderPlugins', () => {
  it('puts dependencies first and keeps the declared order otherwise', () => {
    const order = orderPlugins([
      { id: 'alerts', needs: [{ id: 'metrics', why: 'service metrics.query' }] },
      { id: 'notifications', needs: [] },
      { id: 'metrics', needs: [{ id: 'core', why: 'core.database' }] },
    ]);
    expect(order).toEqual(['metrics', 'alerts', 'notifications']);
  });

  it('names a missing dependency', () => {
    expect(() => orderPlugins([{ id: 'slack', needs: [{ id: 'alerts', why: 'extends alerts.channels' }] }])).toThrow(
      /Plugin "slack" needs plugin "alerts" \(extends alerts.channels\), which is not enabled/,
    );
  });

  it('names the cycle', () => {
    expect(() =>
      orderPlugins([
        { id: 'a', needs: [{ id: 'b', why: 'x' }] },
        { id: 'b', needs: [{ id: 'c', why: 'x' }] },
        { id: 'c', needs: [{ id: 'a', why: 'x' }] },
      ]),
    ).toThrow('Plugin dependency cycle: a → b → c → a');
  });

  it('refuses duplicate ids', () => {
    expect(() => orderPlugins([{ id: 'a', needs: [] }, { id: 'a', needs: [] }])).toThrow(/registered twice/);
  });
});
