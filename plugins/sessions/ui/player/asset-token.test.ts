import { describe, expect, it } from 'vitest';
import { fetchAssetToken } from './asset-token.js';

describe('fetchAssetToken', () => {
  it("asks the project's asset token route and returns the token", async () => {
    const paths: string[] = [];
    const token = await fetchAssetToken({ get: async <T>(path: string) => (paths.push(path), { token: 'sealed', expiresAt: 1 } as T) }, 12);
    expect(paths).toEqual(['/12/assets/token']);
    expect(token).toBe('sealed');
  });

  it('gives null, never a rejection, when the request fails or answers no token', async () => {
    expect(await fetchAssetToken({ get: () => Promise.reject(new Error('403')) }, 12)).toBeNull();
    expect(await fetchAssetToken({ get: async <T>() => ({}) as T }, 12)).toBeNull();
  });
});
