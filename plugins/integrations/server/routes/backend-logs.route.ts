import { Type } from '@sinclair/typebox';
import { forbidden } from '@cassette/plugin-sdk/server';
import type { LogSource } from '../../api.js';
import { fetchBackendLogs, type BackendLogs } from '../backend-logs.js';
import { listIntegrations, type SavedIntegration } from '../config-store.js';
import { route } from '../deps.js';
import { sessionIdParam, sessionWindow } from '../session-window.js';

/**
 * The player's "Backend logs" panel: what the site's backend logged while serving the session.
 * Backend logs are Developer Tools data, so the route wants Session Replay (to open the session)
 * and Developer Tools (admins hold both).
 */
export const backendLogsRoute = route({
  method: 'GET',
  url: '/sessions2/:sessionId/backend_logs',
  access: { auth: 'user', project: true, permission: 'SESSION_REPLAY' },
  summary: "The session's backend log lines from every connected log source, merged by time; a failing source is reported beside the others' lines",
  schema: { params: Type.Object({ sessionId: sessionIdParam }) },
  keepNulls: true,
  handler: async ({ deps, params, projectId, caller }): Promise<BackendLogs> => {
    if (!caller.admin && !caller.superAdmin && !caller.permissions.has('DEV_TOOLS')) {
      throw forbidden('Not allowed: backend logs are Developer Tools data, and your role lacks the Developer Tools permission. Please check with your admin.');
    }
    const session = await sessionWindow(deps, projectId, params.sessionId, caller.userId);
    const saved = await listIntegrations(deps.database.sql, deps.secrets, projectId);
    // In the settings' order, so failures are listed the same way on every call.
    const sources = deps.runtime.logSources.flatMap(({ value }): { source: LogSource; saved: SavedIntegration }[] => {
      const mine = saved.find((s) => s.name === value.id);
      return mine?.connected ? [{ source: value, saved: mine }] : [];
    });
    return fetchBackendLogs(deps, sources, session);
  },
});
