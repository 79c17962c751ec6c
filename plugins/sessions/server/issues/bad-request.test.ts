import { describe, expect, it } from 'vitest';
import { badRequest } from './bad-request.js';
import { ev, run, T0 } from '../../testing/heuristic-fixture.js';

const request = (status: number, duration = 100) => ev(0, { type: 'request', kind: 'fetch', url: 'https://api.x.test/cart', method: 'post', status, duration }, { idx: 3 });

describe('bad request', () => {
  it('is any response of 400 or more; context is method, URL and status', () => {
    expect(run(badRequest, [request(400)])).toEqual([
      { type: 'bad_request', contextString: 'POST https://api.x.test/cart 400', timestamp: T0, seq: 0, idx: 3, payload: { method: 'POST', url: 'https://api.x.test/cart', status: 400, kind: 'fetch' } },
    ]);
    expect(run(badRequest, [request(503)])).toHaveLength(1);
    expect(run(badRequest, [request(399)])).toEqual([]);
    // Failed before any response (network error, CORS): no status to judge.
    expect(run(badRequest, [request(0)])).toEqual([]);
  });
});
