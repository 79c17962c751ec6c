// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Account } from '@cassette/plugin-sdk/ui';
import { account, client } from '../auth/test-fixtures.js';
import { SessionProvider, useSession, type Session } from './session.js';
import type { Project } from './types.js';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const PROJECT: Project = { id: 7, name: 'Shop', host: 'shop.test', projectKey: 'k', status: 'green', recorded: true };
const MEMBER = account({ admin: false, superAdmin: false, roleId: 3, permissions: ['SESSION_REPLAY', 'ERRORS'] });
const NOT_ALLOWED = 'Not allowed: your role lacks the Session Replay permission. Please check with your admin.';

/** A fake server: `/account` answers whatever `current.account` is at the time of the call. */
function fakeServer(current: { account: Account }, answers: Record<string, [number, unknown]>) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^\/api/, '');
    const key = `${init?.method ?? 'GET'} ${path}`;
    const [status, body] =
      answers[key] ??
      (key === 'GET /account' ? [200, { data: current.account }] : key === 'GET /projects' ? [200, { data: [PROJECT] }] : key === 'GET /client' ? [200, { data: client }] : [404, { errors: [`No route ${key}`] }]);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
}

describe('the session on refusals', () => {
  let root: Root;
  let session: Session;
  function Probe() {
    session = useSession();
    return null;
  }
  const settle = () => act(async () => void (await new Promise((resolve) => setTimeout(resolve, 0))));
  /** The provider with a stored token, as after a page load of a logged-in member. */
  async function start(server: ReturnType<typeof fakeServer>) {
    vi.stubGlobal('fetch', server);
    localStorage.setItem('jwt', 'jwt-1');
    root = createRoot(document.createElement('div'));
    await act(async () => root.render(<SessionProvider><Probe /></SessionProvider>));
    await settle();
  }
  async function loggedIn(server: ReturnType<typeof fakeServer>) {
    await start(server);
    expect(session.status).toBe('ready');
  }
  async function call(method: 'get' | 'post' | 'del', path: string) {
    let failure: unknown;
    await act(async () => {
      failure = await session.api[method](path).then(() => null, (e: unknown) => e);
    });
    await settle();
    return failure as { status: number; errors: string[] };
  }

  beforeEach(() => localStorage.clear());
  afterEach(() => {
    act(() => root.unmount());
    vi.unstubAllGlobals();
  });

  it('stays logged in on a 403 and takes in the permissions the server now gives', async () => {
    const current = { account: MEMBER };
    const server = fakeServer(current, { 'POST /7/sessions/search2': [403, { errors: [NOT_ALLOWED] }] });
    await loggedIn(server);
    expect(session.account?.permissions).toEqual(['SESSION_REPLAY', 'ERRORS']);

    // The admin took Session Replay away after this member logged in.
    current.account = { ...MEMBER, permissions: ['ERRORS'] };
    const failure = await call('post', '/7/sessions/search2');
    expect(failure.status).toBe(403);
    expect(failure.errors).toEqual([NOT_ALLOWED]);
    expect(session.status).toBe('ready');
    expect(session.token).toBe('jwt-1');
    expect(localStorage.getItem('jwt')).toBe('jwt-1');
    expect(session.account?.permissions).toEqual(['ERRORS']);
  });

  it('leaves the state untouched when a 403 changes nothing the account says', async () => {
    const server = fakeServer({ account: MEMBER }, { 'DELETE /7/saved-searches/1': [403, { errors: ['Only the author of a saved search may delete it.'] }] });
    await loggedIn(server);
    const before = session.account;
    const accountReads = () => server.mock.calls.filter(([url]) => url === '/api/account').length;
    const readsBefore = accountReads();
    expect((await call('del', '/7/saved-searches/1')).status).toBe(403);
    expect(accountReads()).toBe(readsBefore + 1);
    expect(session.status).toBe('ready');
    expect(session.account).toBe(before);
  });

  it('moves to the password change, still logged in, when a 403 says a password change is pending', async () => {
    const current = { account: MEMBER };
    const server = fakeServer(current, { 'GET /7/errors': [403, { errors: ['Change your password before continuing.'] }] });
    await loggedIn(server);
    current.account = { ...MEMBER, changePassword: true };
    await call('get', '/7/errors');
    expect(session.status).toBe('passwordChange');
    expect(session.token).toBe('jwt-1');
  });

  it('logs out on a 401: the login is gone', async () => {
    const server = fakeServer({ account: MEMBER }, { 'GET /7/errors': [401, { errors: ['Please log in again: your session is missing or has expired.'] }] });
    await loggedIn(server);
    const failure = await call('get', '/7/errors');
    expect(failure.status).toBe(401);
    expect(session.status).toBe('anonymous');
    expect(session.token).toBeNull();
    expect(localStorage.getItem('jwt')).toBeNull();
  });

  it('shows a 403 met while loading the workspace instead of logging out', async () => {
    const server = fakeServer({ account: MEMBER }, { 'GET /client': [403, { errors: ['Not allowed'] }] });
    await start(server);
    expect(session.status).toBe('failed');
    expect(session.errors).toEqual(['Not allowed']);
    expect(session.token).toBe('jwt-1');
  });
});
