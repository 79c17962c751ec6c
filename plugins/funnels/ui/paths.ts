// Where the funnels pages live and which API routes they call (the api client prefixes /api).

const withQuery = (path: string, query?: URLSearchParams) => {
  const text = query?.toString() ?? '';
  return text ? `${path}?${text}` : path;
};

/** `/{siteId}/funnels/{funnelId}`, with the range and stage span the page shows (so Back from an issue keeps them). */
export const funnelPath = (siteId: number, funnelId: number, query?: URLSearchParams) => withQuery(`/${siteId}/funnels/${funnelId}`, query);

/** `/{siteId}/funnels/{funnelId}/{issueId}`: the issue's affected sessions. */
export const funnelIssuePath = (siteId: number, funnelId: number, issueId: string, query?: URLSearchParams) =>
  withQuery(`/${siteId}/funnels/${funnelId}/${encodeURIComponent(issueId)}`, query);

/** The query parameter of the issues page holding the issue ids, comma-separated (ids hold no comma). */
export const ISSUES_PARAM = 'issues';

/**
 * `/{siteId}/funnels/{funnelId}/issues?issues=a,b`: the sessions any of those issues affected,
 * each once. (`issues` is never an issue id: ids hold a dot.)
 */
export const funnelIssuesSessionsPath = (siteId: number, funnelId: number, issueIds: readonly string[], query?: URLSearchParams) => {
  const next = new URLSearchParams(query);
  next.set(ISSUES_PARAM, issueIds.join(','));
  return withQuery(`/${siteId}/funnels/${funnelId}/issues`, next);
};

const funnel = (projectId: number, funnelId: number) => `/${projectId}/funnels/${funnelId}`;

export const funnelsRoutes = {
  /** GET: the list; POST: create. */
  list: (projectId: number) => `/${projectId}/funnels`,
  /** GET: one; POST: rename / update (or fetch with a query body); DELETE. */
  funnel,
  insights: (projectId: number, funnelId: number) => `${funnel(projectId, funnelId)}/insights`,
  issues: (projectId: number, funnelId: number) => `${funnel(projectId, funnelId)}/issues`,
  sessions: (projectId: number, funnelId: number) => `${funnel(projectId, funnelId)}/sessions`,
  /** POST: the sessions any of several issues affected. */
  issuesSessions: (projectId: number, funnelId: number) => `${funnel(projectId, funnelId)}/issues/sessions`,
  issueSessions: (projectId: number, funnelId: number, issueId: string) => `${funnel(projectId, funnelId)}/issues/${encodeURIComponent(issueId)}/sessions`,
} as const;
