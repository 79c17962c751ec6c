// The owner's routes (README "Routes"), all under /api/{projectId}.
const seg = encodeURIComponent;

export const sourcesPath = (projectId: number) => `/${projectId}/integration/sources`;
export const integrationPath = (projectId: number, name: string) => `/${projectId}/integrations/${seg(name)}`;
export const checkPath = (projectId: number, name: string) => `${integrationPath(projectId, name)}/check`;
export const backendLogsPath = (projectId: number, sessionId: string) => `/${projectId}/sessions2/${seg(sessionId)}/backend_logs`;
export const ticketProjectsPath = (projectId: number) => `/${projectId}/integrations/issues/list_projects`;
export const sessionTicketsPath = (projectId: number, sessionId: string) => `/${projectId}/sessions2/${seg(sessionId)}/assign`;
export const sessionTicketPath = (projectId: number, sessionId: string, ticketId: string) => `${sessionTicketsPath(projectId, sessionId)}/${seg(ticketId)}`;
export const createTicketPath = (projectId: number, sessionId: string, ticketProjectId: string) => `${sessionTicketsPath(projectId, sessionId)}/projects/${seg(ticketProjectId)}`;
export const ticketCommentPath = (projectId: number, sessionId: string, ticketId: string) => `${sessionTicketPath(projectId, sessionId, ticketId)}/comment`;

/**
 * The session in the player at a moment: the player's `jumpto` parameter is an epoch ms
 * (plugins/sessions use-session-player `readJumpTo`), so the link survives a change of zoom or speed.
 */
export function sessionLink(origin: string, projectId: number, sessionId: string, epochMs: number): string {
  return `${origin}/${projectId}/session/${seg(sessionId)}?jumpto=${Math.round(epochMs)}`;
}
