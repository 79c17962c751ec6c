import { describe, expect, it } from 'vitest';
import { account, client } from '../auth/test-fixtures.js';
import { withRefreshedAccess } from './refreshed-access.js';
import type { SessionState } from './session.js';
import type { Project } from './types.js';

const project = (id: number): Project => ({ id, name: `P${id}`, host: 'shop.test', projectKey: `k${id}`, status: 'green', recorded: true });
const member = account({ admin: false, superAdmin: false, roleId: 3, permissions: ['SESSION_REPLAY', 'ERRORS'] });
const ready: SessionState = { token: 'jwt-1', status: 'ready', account: member, client, projects: [project(1), project(2)], siteId: 2, onboarding: false, errors: [] };

describe('taking in the access the server gives after a 403', () => {
  it('returns the same state when nothing changed', () => {
    expect(withRefreshedAccess(ready, { ...member }, [project(1), project(2)], 2)).toBe(ready);
  });

  it('takes in fewer permissions and keeps the login', () => {
    const next = withRefreshedAccess(ready, { ...member, permissions: ['ERRORS'] }, ready.projects, 2);
    expect(next.account?.permissions).toEqual(['ERRORS']);
    expect(next).toMatchObject({ status: 'ready', token: 'jwt-1', siteId: 2 });
  });

  it('moves to another project when the role lost the selected one', () => {
    expect(withRefreshedAccess(ready, member, [project(1)], 2).siteId).toBe(1);
  });

  it('asks for the password change when the server requires one', () => {
    expect(withRefreshedAccess(ready, { ...member, changePassword: true }, [], 2)).toMatchObject({ status: 'passwordChange', token: 'jwt-1' });
  });
});
