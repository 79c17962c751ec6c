// Where the errors pages live and which API routes they call (the api client prefixes /api).

export const errorsListPath = (siteId: number | string) => `/${siteId}/errors`;
export const errorDetailPath = (siteId: number | string, errorId: string) => `/${siteId}/errors/${encodeURIComponent(errorId)}`;
/** The list with its source maps panel open (the stack viewer's warning links here). */
export const sourceMapsPath = (siteId: number | string) => `/${siteId}/errors?sourcemaps=1`;
/** The player, starting at the moment of the error. */
export const sessionAtErrorPath = (siteId: number | string, sessionId: string, errorTimestamp: number) =>
  `/${siteId}/session/${encodeURIComponent(sessionId)}?jumpto=${Math.round(errorTimestamp)}`;

const error = (projectId: number, errorId: string) => `/${projectId}/errors/${encodeURIComponent(errorId)}`;

export const errorsRoutes = {
  search: (projectId: number) => `/${projectId}/errors/search`,
  detail: error,
  sessions: (projectId: number, errorId: string, page: number, limit: number) => `${error(projectId, errorId)}/sessions?page=${page}&limit=${limit}`,
  status: (projectId: number, errorId: string, action: StatusAction) => `${error(projectId, errorId)}/${action}`,
  favorite: (projectId: number, errorId: string) => `${error(projectId, errorId)}/favorite`,
  merge: (projectId: number) => `/${projectId}/errors/merge`,
  stats: (projectId: number, startTimestamp: number, endTimestamp: number) => `/${projectId}/errors/stats?startTimestamp=${startTimestamp}&endTimestamp=${endTimestamp}`,
  stack: (projectId: number, errorId: string) => `${error(projectId, errorId)}/sourcemaps`,
  sessionErrors: (projectId: number, sessionId: string) => `/${projectId}/sessions2/${encodeURIComponent(sessionId)}/errors`,
  sessionStack: (projectId: number, sessionId: string, errorId: string, key: string) =>
    `/${projectId}/sessions2/${encodeURIComponent(sessionId)}/errors/${encodeURIComponent(errorId)}/sourcemaps?key=${encodeURIComponent(key)}`,
  sourceMaps: (projectId: number) => `/${projectId}/sourcemaps`,
} as const;

/** The status routes: resolve, unresolve, ignore. */
export type StatusAction = 'solve' | 'unsolve' | 'ignore';
