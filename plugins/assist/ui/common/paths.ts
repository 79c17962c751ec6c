/** Client paths (spec part 1 §2) and API paths of the assist plugin. */
export const assistPaths = {
  list: (siteId: number) => `/${siteId}/assist`,
  session: (siteId: number, sessionId: string) => `/${siteId}/assist/${encodeURIComponent(sessionId)}`,
  replay: (siteId: number, sessionId: string) => `/${siteId}/session/${encodeURIComponent(sessionId)}`,
};

export const assistApi = {
  sessions: (projectId: number, query: string) => `/${projectId}/assist/sessions${query ? `?${query}` : ''}`,
  session: (projectId: number, sessionId: string) => `/${projectId}/assist/sessions/${encodeURIComponent(sessionId)}`,
  ticket: (projectId: number, sessionId: string) => `/${projectId}/assist/sessions/${encodeURIComponent(sessionId)}/ticket`,
  assetToken: (projectId: number, sessionId: string) => `/${projectId}/assist/sessions/${encodeURIComponent(sessionId)}/assets/token`,
  socket: (projectId: number, sessionId: string, ticket: string) => `/api/${projectId}/assist/sessions/${encodeURIComponent(sessionId)}/socket?ticket=${encodeURIComponent(ticket)}`,
};
