import { describe, expect, it } from 'vitest';
import type { IngestProcessor } from '../api.js';
import { orderProcessors, validateProcessor } from './processor-contribution.js';

describe('validateProcessor', () => {
  it('accepts a processor with an id and at least one method', () => {
    expect(() => validateProcessor({ id: 'sessions.summary', order: 10, batch: async () => {} }, 'sessions')).not.toThrow();
  });

  it('refuses, naming the plugin, a processor without a usable id, method or order', () => {
    expect(() => validateProcessor({ id: '', batch: async () => {} }, 'other')).toThrow(/"other".*valid id/);
    expect(() => validateProcessor({ id: 'idle' }, 'other')).toThrow(/implements none/);
    expect(() => validateProcessor({ id: 'odd', batch: 'yes' } as unknown as IngestProcessor, 'other')).toThrow(/batch must be a function/);
    expect(() => validateProcessor({ id: 'odd', order: Number.NaN, batch: async () => {} }, 'other')).toThrow(/order/);
    expect(() => validateProcessor({ id: 'odd', slices: 'yes', batch: async () => {} } as unknown as IngestProcessor, 'other')).toThrow(/"other": slices must be true or false/);
    expect(() => validateProcessor({ id: 'sliced', slices: true, batch: async () => {} }, 'other')).not.toThrow();
  });
});

describe('orderProcessors', () => {
  it('orders by order (default 100), then by id', () => {
    const p = (id: string, order?: number): IngestProcessor => ({ id, ...(order === undefined ? {} : { order }), batch: async () => {} });
    expect(orderProcessors([p('b'), p('a'), p('z', 5), p('c', 200), p('y', 5)]).map((x) => x.id)).toEqual(['y', 'z', 'a', 'b', 'c']);
  });
});
