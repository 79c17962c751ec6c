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

  it("is not the browser's own /favicon.ico probe, but is a favicon or image the page asks for", () => {
    const failed = (url: string, initiator: string) => ev(0, { type: 'resource', url, initiator, duration: 0, failed: true }, { idx: 1 });
    expect(run(missingResource, [failed('https://shop.x.test/favicon.ico', 'other'), failed('https://shop.x.test/favicon.ico?v=3', 'other')])).toEqual([]);
    expect(run(missingResource, [failed('https://shop.x.test/favicon.ico', 'icon'), failed('https://shop.x.test/favicon.ico', 'img'), failed('https://shop.x.test/img/favicon.ico', 'other')]).map((i) => i.contextString)).toEqual([
      'https://shop.x.test/favicon.ico',
      'https://shop.x.test/favicon.ico',
      'https://shop.x.test/img/favicon.ico',
    ]);
  });
});
