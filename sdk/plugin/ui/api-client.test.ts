import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './api-client.js';

function answering(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

function clientWith(fetchImpl: ReturnType<typeof answering>, token: string | null = 'jwt-1') {
  const onLoginGone = vi.fn();
  const onNotAllowed = vi.fn();
  const api = createApiClient({ getToken: () => token, onLoginGone, onNotAllowed, fetchImpl: fetchImpl as unknown as typeof fetch });
  return { api, onLoginGone, onNotAllowed };
}

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the API client on refusals', () => {
  it('reports a 401 on a call with a token as a login that is gone', async () => {
    const { api, onLoginGone, onNotAllowed } = clientWith(answering(401, { errors: ['Please log in again: your session is missing or has expired.'] }));
    const error = await failure(api.get('/account'));
    expect(error.status).toBe(401);
    expect(onLoginGone).toHaveBeenCalledTimes(1);
    expect(onNotAllowed).not.toHaveBeenCalled();
  });

  it('reports a 403 as not allowed, never as a login that is gone, and hands the server message to the caller', async () => {
    const message = 'Not allowed: your role lacks the Session Replay permission. Please check with your admin.';
    const { api, onLoginGone, onNotAllowed } = clientWith(answering(403, { errors: [message] }));
    const error = await failure(api.post('/7/sessions/search2', { page: 1 }));
    expect(error.status).toBe(403);
    expect(error.errors).toEqual([message]);
    expect(error.message).toBe(message);
    expect(onLoginGone).not.toHaveBeenCalled();
    expect(onNotAllowed).toHaveBeenCalledWith(error);
  });

  it('reports nothing for a refusal of a call made without a token (a wrong password at login)', async () => {
    const { api, onLoginGone, onNotAllowed } = clientWith(answering(401, { errors: ['Invalid email or password.'] }), null);
    const error = await failure(api.post('/login', { email: 'a@b.test', password: 'wrong' }));
    expect(error.errors).toEqual(['Invalid email or password.']);
    expect(onLoginGone).not.toHaveBeenCalled();
    expect(onNotAllowed).not.toHaveBeenCalled();
  });

  it('reports neither for other failures', async () => {
    for (const status of [400, 404, 409, 429, 500]) {
      const { api, onLoginGone, onNotAllowed } = clientWith(answering(status, { errors: ['no'] }));
      expect((await failure(api.get('/x'))).status).toBe(status);
      expect(onLoginGone).not.toHaveBeenCalled();
      expect(onNotAllowed).not.toHaveBeenCalled();
    }
  });

  it('says which status failed when the answer carries no message', async () => {
    const { api } = clientWith(vi.fn(async () => new Response('', { status: 403 })));
    expect((await failure(api.get('/x'))).errors).toEqual(['Request failed (403)']);
  });
});
