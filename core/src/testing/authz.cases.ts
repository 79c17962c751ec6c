import { AUTHZ, defineAuthzRows, type AuthzCell, type AuthzWorld } from '@cassette/plugin-sdk/testing';

async function invite(w: AuthzWorld): Promise<number> {
  const res = await w.t.request('PUT', '/api/client/members', { token: w.adminToken, body: { email: `${w.unique()}@example.test`, name: 'Invited' } });
  return res.body.data.id;
}
async function role(w: AuthzWorld): Promise<number> {
  const res = await w.t.request('PUT', '/api/client/roles', { token: w.adminToken, body: { name: `Role ${w.unique()}`, permissions: [], allProjects: true } });
  return res.body.data.roleId;
}
async function project(w: AuthzWorld): Promise<number> {
  const res = await w.t.request('POST', '/api/projects', { token: w.adminToken, body: { name: `Project ${w.unique()}`, host: 'site.example.test' } });
  return res.body.data.id;
}
async function projectWithField(w: AuthzWorld): Promise<number> {
  const id = await project(w);
  await w.t.request('POST', `/api/${id}/metadata`, { token: w.adminToken, body: { key: 'plan' } });
  return id;
}
async function mailedToken(w: AuthzWorld): Promise<string> {
  const member = await w.t.createMember(w.tenantId);
  w.t.mails.length = 0;
  await w.t.request('POST', '/api/password/reset-link', { body: { email: member.email } });
  const [mail] = await w.t.waitForMails(1);
  return decodeURIComponent(/token=([^\s&]+)/.exec(mail!.text)![1]!);
}

/** The kernel's own routes: account, team, roles, projects, metadata, password. */
export const authzRows = defineAuthzRows({
  'GET /api/signup': { statuses: AUTHZ.PUBLIC_OK, fixture: () => ({ url: '/api/signup' }) },
  'POST /api/signup': {
    statuses: [403, 403, 403, 403, 403],
    fixture: (w) => ({ url: '/api/signup', body: { email: `${w.unique()}@example.test`, password: 'password123', fullname: 'Late', organizationName: 'Late Inc', projectHost: 'late.example.test' } }),
  },
  'POST /api/login': {
    statuses: AUTHZ.PUBLIC_OK,
    fixture: async (w) => {
      const m = await w.t.createMember(w.tenantId);
      return { url: '/api/login', body: { email: m.email, password: m.password } };
    },
  },
  'POST /api/logout': { statuses: AUTHZ.USER, fixture: () => ({ url: '/api/logout', body: {}, freshCaller: true }) },
  'POST /api/password/reset-link': { statuses: AUTHZ.PUBLIC_OK, fixture: (w) => ({ url: '/api/password/reset-link', body: { email: `${w.unique()}@example.test` } }) },
  'GET /api/password/token': { statuses: AUTHZ.PUBLIC_OK, fixture: async (w) => ({ url: `/api/password/token?token=${encodeURIComponent(await mailedToken(w))}` }) },
  'POST /api/password/reset': { statuses: AUTHZ.PUBLIC_OK, fixture: async (w) => ({ url: '/api/password/reset', body: { token: await mailedToken(w), password: 'new-password-1' } }) },
  'POST /api/account/password': {
    statuses: AUTHZ.USER,
    fixture: (_w, caller) => ({ url: '/api/account/password', body: { oldPassword: caller?.password ?? 'x', newPassword: 'changed-password-1' }, freshCaller: true }),
  },
  'GET /api/account': { statuses: AUTHZ.USER, fixture: () => ({ url: '/api/account' }) },
  'POST /api/account': { statuses: AUTHZ.USER, fixture: () => ({ url: '/api/account', body: { name: 'Renamed' } }) },
  'GET /api/account/appearance': { statuses: AUTHZ.USER, fixture: () => ({ url: '/api/account/appearance' }) },
  'POST /api/account/appearance': { statuses: AUTHZ.USER, fixture: () => ({ url: '/api/account/appearance', body: { appearance: { sessionsLive: true } } }) },
  'GET /api/client': { statuses: AUTHZ.USER, fixture: () => ({ url: '/api/client' }) },
  'PUT /api/account/ice-servers': { statuses: AUTHZ.ADMIN_TENANT, fixture: () => ({ url: '/api/account/ice-servers', body: { iceServers: [{ urls: ['stun:stun.example.test:3478'] }] } }) },
  'PUT /api/client': { statuses: AUTHZ.ADMIN_TENANT, fixture: () => ({ url: '/api/client', body: { name: 'Renamed org' } }) },
  // Replaces the caller's tenant key: the key callers read the current key before each request.
  'POST /api/client/api-key': { statuses: AUTHZ.ADMIN_TENANT, fixture: () => ({ url: '/api/client/api-key' }) },
  'GET /api/plugins': { statuses: AUTHZ.PUBLIC_OK, fixture: () => ({ url: '/api/plugins' }) },
  'GET /api/boarding': { statuses: AUTHZ.USER, fixture: () => ({ url: '/api/boarding' }) },
  'GET /api/client/members': { statuses: AUTHZ.ADMIN_TENANT, fixture: () => ({ url: '/api/client/members' }) },
  'PUT /api/client/members': { statuses: AUTHZ.ADMIN_TENANT, fixture: (w) => ({ url: '/api/client/members', body: { email: `${w.unique()}@example.test`, name: 'New member' } }) },
  'PUT /api/client/members/:id': { statuses: AUTHZ.ADMIN_OWNED, fixture: async (w) => ({ url: `/api/client/members/${await invite(w)}`, body: { name: 'Changed' } }) },
  'GET /api/client/members/:id/reset': { statuses: AUTHZ.ADMIN_OWNED, fixture: async (w) => ({ url: `/api/client/members/${await invite(w)}/reset` }) },
  'DELETE /api/client/members/:id': { statuses: AUTHZ.ADMIN_OWNED, fixture: async (w) => ({ url: `/api/client/members/${await invite(w)}` }) },
  'GET /api/client/roles': { statuses: AUTHZ.USER, fixture: () => ({ url: '/api/client/roles' }) },
  'PUT /api/client/roles': { statuses: AUTHZ.ADMIN_TENANT, fixture: (w) => ({ url: '/api/client/roles', body: { name: `Role ${w.unique()}`, permissions: ['ERRORS'], allProjects: true } }) },
  'POST /api/client/roles/:roleId': {
    statuses: AUTHZ.ADMIN_OWNED,
    fixture: async (w) => ({ url: `/api/client/roles/${await role(w)}`, body: { name: `Role ${w.unique()}`, permissions: ['METRICS'], allProjects: true } }),
  },
  'DELETE /api/client/roles/:roleId': { statuses: AUTHZ.ADMIN_OWNED, fixture: async (w) => ({ url: `/api/client/roles/${await role(w)}` }) },
  'GET /api/projects': { statuses: AUTHZ.USER, fixture: () => ({ url: '/api/projects' }) },
  'GET /api/projects/:id': { statuses: AUTHZ.USER_OWNED, fixture: (w) => ({ url: `/api/projects/${w.projectId}` }) },
  'POST /api/projects': { statuses: AUTHZ.ADMIN_TENANT, fixture: (w) => ({ url: '/api/projects', body: { name: `Project ${w.unique()}`, host: 'site.example.test' } }) },
  'PUT /api/projects/:id': { statuses: AUTHZ.ADMIN_OWNED, fixture: async (w) => ({ url: `/api/projects/${await project(w)}`, body: { host: 'example.com' } }) },
  'DELETE /api/projects/:id': { statuses: AUTHZ.ADMIN_OWNED, fixture: async (w) => ({ url: `/api/projects/${await project(w)}` }) },
  'GET /api/:projectId/gdpr': { statuses: AUTHZ.USER_OWNED, fixture: (w) => ({ url: `/api/${w.projectId}/gdpr` }) },
  'POST /api/:projectId/gdpr': { statuses: AUTHZ.ADMIN_OWNED, fixture: (w) => ({ url: `/api/${w.projectId}/gdpr`, body: { maskNumbers: true } }) },
  'GET /api/metadata': { statuses: AUTHZ.USER, fixture: () => ({ url: '/api/metadata' }) },
  'GET /api/:projectId/metadata': { statuses: AUTHZ.USER_OWNED, fixture: (w) => ({ url: `/api/${w.projectId}/metadata` }) },
  'POST /api/:projectId/metadata': { statuses: AUTHZ.ADMIN_OWNED, fixture: async (w) => ({ url: `/api/${await project(w)}/metadata`, body: { key: 'plan' } }) },
  'POST /api/:projectId/metadata/:index': { statuses: AUTHZ.ADMIN_OWNED, fixture: async (w) => ({ url: `/api/${await projectWithField(w)}/metadata/1`, body: { key: 'tier' } }) },
  'DELETE /api/:projectId/metadata/:index': { statuses: AUTHZ.ADMIN_OWNED, fixture: async (w) => ({ url: `/api/${await projectWithField(w)}/metadata/1` }) },
});

/**
 * Every route acting on one member (`/api/client/members/:id…`), aimed at a member of tenant A.
 * Only plain members are managed by admins: the matrix aims each cell at the owner and at
 * another admin, where the matrix's admin must get 403, while the owner calling the same cell
 * is not refused (so the 403 comes from the rule, not from the fixture), and at the admin
 * themselves, who is not refused either. A new member route without a cell here fails the matrix.
 */
export const memberTargetCells: Record<string, (w: AuthzWorld, targetId: number) => AuthzCell> = {
  'PUT /api/client/members/:id': (_w, targetId) => ({ url: `/api/client/members/${targetId}`, body: { email: `taken-over-${targetId}@example.test` } }),
  'GET /api/client/members/:id/reset': (_w, targetId) => ({ url: `/api/client/members/${targetId}/reset` }),
  'DELETE /api/client/members/:id': (_w, targetId) => ({ url: `/api/client/members/${targetId}` }),
};
