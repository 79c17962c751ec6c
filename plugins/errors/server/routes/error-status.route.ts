import { defineRoute } from '@cassette/plugin-sdk/server';
import type { ErrorStatus, ErrorStatusChange } from '../../api.js';
import { errorParams, requireError, sql } from './error-lookup.js';

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
    handler: async ({ params, em, projectId }): Promise<ErrorStatusChange> => {
      // One statement: of two quick clicks, only one changes it.
      const changed = await sql<{ error_id: string }>(
        em,
        'update errors_errors set status = ?, status_changed_at = now() where project_id = ? and error_id = ? and status <> ? returning error_id',
        [status, projectId, params.errorId, status],
      );
      if (!changed.length) await requireError(em, projectId, params.errorId);
      return { errorId: params.errorId, status, changed: changed.length > 0 };
    },
  });
}

export const solveErrorRoute = statusRoute('solve', 'resolved');
export const unsolveErrorRoute = statusRoute('unsolve', 'unresolved');
export const ignoreErrorRoute = statusRoute('ignore', 'ignored');
