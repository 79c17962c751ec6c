import { describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from '@cassette/plugin-sdk/ui';
import { SessionErrorsCache } from './session-errors-cache.js';

function fakeApi(answer: (path: string) => unknown) {
  const get = vi.fn(async (path: string) => answer(path));
  return { api: { get } as unknown as ApiClient, get };
}

describe('the session errors cache', () => {
  it('asks once per session', async () => {
    const { api, get } = fakeApi(() => [{ errorId: 'e-1', key: '1:3', timestamp: 1, status: 'unresolved' }]);
    const cache = new SessionErrorsCache();
    const [a, b] = await Promise.all([cache.load(api, 7, 's1'), cache.load(api, 7, 's1')]);
    expect(a).toBe(b);
    await cache.load(api, 7, 's2');
    expect(get.mock.calls.map((c) => c[0])).toEqual(['/7/sessions2/s1/errors', '/7/sessions2/s2/errors']);
  });

  it('forgets a failure so the next row asks again', async () => {
    let fail = true;
    const { api, get } = fakeApi(() => {
      if (fail) throw new ApiError(0, ['Connection error']);
      return [];
    });
    const cache = new SessionErrorsCache();
    await expect(cache.load(api, 7, 's1')).rejects.toThrow('Connection error');
    fail = false;
    await expect(cache.load(api, 7, 's1')).resolves.toEqual([]);
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('keeps only the 20 most recent sessions', async () => {
    const { api, get } = fakeApi(() => []);
    const cache = new SessionErrorsCache();
    for (let i = 0; i < 21; i++) await cache.load(api, 7, `s${i}`);
    await cache.load(api, 7, 's20');
    expect(get).toHaveBeenCalledTimes(21);
    await cache.load(api, 7, 's0');
    expect(get).toHaveBeenCalledTimes(22);
  });
});
