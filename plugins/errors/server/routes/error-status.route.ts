import { defineRoute, sql } from '@cassette/plugin-sdk/server';
import type { ErrorStatus, ErrorStatusChange } from '../../api.js';
import { errorParams, requireError } from './error-lookup.js';

/**
 * Spec part 2 §4, §7 `GET /errors/{id}/solve`, `/unsolve`, `/ignore`: sets the status, or
 * answers `changed: false` and writes nothing when the group already has it.
 */
function statusRoute(action: 'solve' | 'unsolve' | 'ignore', status: ErrorStatus) {
  return defineRoute({
    method: 'GET',
    url: `/errors/:errorId/${action}`,
    access: { auth: 'user', project: true, permission: 'ERRORS' },
    summary: `Set an error's status to ${status} (skipped when it already is)`,
    schema: { params: errorParams },
    handler: async ({ params, sql: run, projectId }): Promise<ErrorStatusChange> => {
      // One statement: of two quick clicks, only one changes it.
      const changed = await run<{ error_id: string }>(sql`update errors_errors set status = ${status}, status_changed_at = now() where project_id = ${projectId} and error_id = ${params.errorId} and status <> ${status} returning error_id`);
      if (!changed.length) await requireError(run, projectId, params.errorId);
      return { errorId: params.errorId, status, changed: changed.length > 0 };
    },
  });
}

export const solveErrorRoute = statusRoute('solve', 'resolved');
export const unsolveErrorRoute = statusRoute('unsolve', 'unresolved');
export const ignoreErrorRoute = statusRoute('ignore', 'ignored');
