import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client.js';
import { answerRoutes, fakeAccount, fakeHost, TEST_PROJECT } from './fake-host.js';

describe('the fake host', () => {
  it('answers by "METHOD /path", handing the answer the whole path and the body', async () => {
    const host = fakeHost({
      routes: {
        'GET /7/errors': (path) => ({ path }),
        'POST /7/errors/search': (_path, body) => ({ echoed: body }),
      },
    });
    await expect(host.api.get('/7/errors?page=2')).resolves.toEqual({ path: '/7/errors?page=2' });
    await expect(host.api.post('/7/errors/search', { q: 'x' })).resolves.toEqual({ echoed: { q: 'x' } });
    await expect(host.api.request('get', '/7/errors')).resolves.toEqual({ data: { path: '/7/errors' } });
    expect(host.api.get.mock.calls.map(([path]) => path)).toEqual(['/7/errors?page=2']);
  });

  it('answers 404 for a route it does not know, and fails a call whose answer throws', async () => {
    const host = fakeHost({ routes: { 'DELETE /7/errors/e-1': () => { throw new ApiError(403, ['Not allowed']); } } });
    await expect(host.api.put('/7/errors/e-1', {})).rejects.toMatchObject({ status: 404, errors: ['No route PUT /7/errors/e-1'] });
    await expect(host.api.del('/7/errors/e-1')).rejects.toMatchObject({ status: 403 });
  });

  it('takes more routes later; the newer answer for a key wins', async () => {
    const host = fakeHost({ routes: { 'GET /a': () => 1 } });
    answerRoutes(host, { 'GET /a': () => 2, 'GET /b': () => 3 });
    await expect(host.api.get('/a')).resolves.toBe(2);
    await expect(host.api.get('/b')).resolves.toBe(3);
    expect(() => answerRoutes({ ...host }, {})).toThrow('not made by fakeHost');
  });

  it('is an admin on the test project by default; a member holds only the role permissions', () => {
    const admin = fakeHost();
    expect(admin.currentProject).toEqual(TEST_PROJECT);
    expect(admin.hasPermission('ERRORS')).toBe(true);
    const member = fakeHost({ account: fakeAccount({ admin: false, permissions: ['SESSION_REPLAY'] }) });
    expect(member.hasPermission('SESSION_REPLAY')).toBe(true);
    expect(member.hasPermission('ERRORS')).toBe(false);
  });
});
