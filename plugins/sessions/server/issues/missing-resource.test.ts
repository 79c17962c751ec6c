import { describe, expect, it } from 'vitest';
import { ev, run, T0 } from '../../testing/heuristic-fixture.js';
import { missingResource } from './missing-resource.js';

const resource = (failed: boolean, duration: number) => ev(0, { type: 'resource', url: 'https://cdn.x.test/a.png', initiator: 'img', duration, failed }, { idx: 5 });

describe('missing resource', () => {
  it('is a failed resource; context is its URL', () => {
    expect(run(missingResource, [resource(true, 0)])).toEqual([
      { type: 'missing_resource', contextString: 'https://cdn.x.test/a.png', timestamp: T0, seq: 0, idx: 5, payload: { url: 'https://cdn.x.test/a.png', initiator: 'img' } },
    ]);
    expect(run(missingResource, [resource(false, 5000)])).toEqual([]);
  });
});
