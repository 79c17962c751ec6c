import { AUTHZ, defineAuthzRows, type AuthzWorld, type TestUser } from '@cassette/plugin-sdk/testing';
import { eventually, recordThroughTracker } from '@cassette/plugin-ingest/testing';

const METRICS = AUTHZ.PERMISSION;
const SHOP = 'https://shop.example.test';
const filterOf = (w: AuthzWorld) => ({
  events: [`/authz-home-${w.unique()}`, '/authz-cart'].map((path) => ({ type: 'LOCATION', operator: 'is', value: [path] })),
  filters: [],
});

/** A funnel of tenant A's first project shared with the team, by the admin (once per run). */
function sharedFunnel(w: AuthzWorld): Promise<number> {
  return w.once('funnels.shared', async () => {
    const res = await w.t.request('POST', `/api/${w.projectId}/funnels`, { token: w.adminToken, body: { name: 'Shared checkout', filter: filterOf(w), isPublic: true } });
    return res.body.data.funnelId as number;
  });
}

/** A funnel of tenant A's first project: the caller's own when it may save one (only the author changes or deletes it), else the admin's. */
async function funnelOf(w: AuthzWorld, caller: TestUser | null): Promise<number> {
  const body = { name: `Funnel ${w.unique()}`, filter: filterOf(w) };
  const own = caller ? await w.t.request('POST', `/api/${w.projectId}/funnels`, { token: caller.token, body }) : null;
  if (own?.status === 200) return own.body.data.funnelId as number;
  const res = await w.t.request('POST', `/api/${w.projectId}/funnels`, { token: w.adminToken, body });
  return res.body.data.funnelId as number;
}

/** A shared funnel with an issue between its steps (a session recorded through the tracker hits an error between the two pages), and the issue's id (once per run). */
function funnelWithIssue(w: AuthzWorld): Promise<{ funnelId: number; issueId: string }> {
  return w.once('funnels.issue', async () => {
    const home = `/authz-issue-home-${w.unique()}`;
    const res = await w.t.request('POST', `/api/${w.projectId}/funnels`, {
      token: w.adminToken,
      body: { name: 'Issue checkout', isPublic: true, filter: { events: [home, '/authz-issue-cart'].map((path) => ({ type: 'LOCATION', operator: 'is', value: [path] })), filters: [] } },
    });
    const funnelId = res.body.data.funnelId as number;
    const ts = Date.now();
    await recordThroughTracker(w, [
      { type: 'page', ts, url: `${SHOP}${home}`, referrer: '', title: 'Home' },
      { type: 'error', ts: ts + 1, source: 'js_exception', name: 'TypeError', message: 'authz is undefined' },
      { type: 'page', ts: ts + 2, url: `${SHOP}/authz-issue-cart`, referrer: '', title: 'Cart' },
    ]);
    return eventually('the funnel issue', async () => {
      const issues = await w.t.request('GET', `/api/${w.projectId}/funnels/${funnelId}/issues`, { token: w.adminToken });
      const issueId = issues.body?.data?.issues?.[0]?.issueId as string | undefined;
      return issueId ? { funnelId, issueId } : undefined;
    });
  });
}

export const authzRows = defineAuthzRows({
  'GET /api/:projectId/funnels': { statuses: METRICS, fixture: (w) => ({ url: `/api/${w.projectId}/funnels` }) },
  'GET /api/:projectId/funnels/issue_types': { statuses: METRICS, fixture: (w) => ({ url: `/api/${w.projectId}/funnels/issue_types` }) },
  'POST /api/:projectId/funnels': { statuses: METRICS, fixture: (w) => ({ url: `/api/${w.projectId}/funnels`, body: { name: `Funnel ${w.unique()}`, filter: filterOf(w) } }) },
  'GET /api/:projectId/funnels/:funnelId': { statuses: METRICS, fixture: async (w) => ({ url: `/api/${w.projectId}/funnels/${await sharedFunnel(w)}` }) },
  'POST /api/:projectId/funnels/:funnelId': { statuses: METRICS, fixture: async (w, caller) => ({ url: `/api/${w.projectId}/funnels/${await funnelOf(w, caller)}`, body: { name: 'Renamed funnel' } }) },
  'POST /api/:projectId/funnels/:funnelId/insights': { statuses: METRICS, fixture: async (w) => ({ url: `/api/${w.projectId}/funnels/${await sharedFunnel(w)}/insights`, body: { rangeValue: 'LAST_30_DAYS' } }) },
  'GET /api/:projectId/funnels/:funnelId/issues': { statuses: METRICS, fixture: async (w) => ({ url: `/api/${w.projectId}/funnels/${await sharedFunnel(w)}/issues` }) },
  'POST /api/:projectId/funnels/:funnelId/issues': { statuses: METRICS, fixture: async (w) => ({ url: `/api/${w.projectId}/funnels/${await sharedFunnel(w)}/issues`, body: { firstStage: 1, lastStage: 2 } }) },
  'GET /api/:projectId/funnels/:funnelId/sessions': { statuses: METRICS, fixture: async (w) => ({ url: `/api/${w.projectId}/funnels/${await sharedFunnel(w)}/sessions` }) },
  'POST /api/:projectId/funnels/:funnelId/sessions': { statuses: METRICS, fixture: async (w) => ({ url: `/api/${w.projectId}/funnels/${await sharedFunnel(w)}/sessions`, body: { cohort: 'dropped', page: 1 } }) },
  'POST /api/:projectId/funnels/:funnelId/issues/:issueId/sessions': {
    statuses: METRICS,
    fixture: async (w) => {
      const { funnelId, issueId } = await funnelWithIssue(w);
      return { url: `/api/${w.projectId}/funnels/${funnelId}/issues/${issueId}/sessions`, body: {} };
    },
  },
  'POST /api/:projectId/funnels/:funnelId/issues/sessions': {
    statuses: METRICS,
    fixture: async (w) => {
      const { funnelId, issueId } = await funnelWithIssue(w);
      return { url: `/api/${w.projectId}/funnels/${funnelId}/issues/sessions`, body: { issueIds: [issueId] } };
    },
  },
  'DELETE /api/:projectId/funnels/:funnelId': { statuses: METRICS, fixture: async (w, caller) => ({ url: `/api/${w.projectId}/funnels/${await funnelOf(w, caller)}` }) },
});
