import { describe, expect, it } from 'vitest';
import { ev, run, T0 } from '../../testing/heuristic-fixture.js';
import { slowResource } from './slow-resource.js';

const request = (status: number, duration = 100) => ev(0, { type: 'request', kind: 'fetch', url: 'https://api.x.test/cart', method: 'post', status, duration }, { idx: 3 });
const resource = (failed: boolean, duration: number) => ev(0, { type: 'resource', url: 'https://cdn.x.test/a.png', initiator: 'img', duration, failed }, { idx: 5 });

describe('slow resource', () => {
  it('is a resource or request of 3000 ms or more', () => {
    expect(run(slowResource, [resource(false, 3000)])).toEqual([
      { type: 'slow_resource', contextString: 'https://cdn.x.test/a.png', timestamp: T0, seq: 0, idx: 5, payload: { url: 'https://cdn.x.test/a.png', duration: 3000, kind: 'img' } },
    ]);
    expect(run(slowResource, [resource(false, 2999)])).toEqual([]);
    expect(run(slowResource, [request(200, 4000)])).toMatchObject([{ type: 'slow_resource', payload: { kind: 'fetch', duration: 4000 } }]);
    expect(run(slowResource, [request(200, 2999.9)])).toEqual([]);
  });

  it('leaves a failed resource to missing_resource', () => {
    expect(run(slowResource, [resource(true, 9000)])).toEqual([]);
  });
});
