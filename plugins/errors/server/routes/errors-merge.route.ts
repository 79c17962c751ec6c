import { Type } from '@sinclair/typebox';
import { badRequest, notFound, sql } from '@cassette/plugin-sdk/server';
import type { ErrorMergeResult } from '../../api.js';
import { route } from '../deps.js';
import { ERROR_NOT_FOUND, errorIdParam } from './error-lookup.js';

export const MERGE_MAX = 50;

/**
 * Spec part 2 §4, §7 `POST /errors/merge` `{ errors }`: the first group is kept; the others
 * point at it (`parentErrorId`), their occurrences and fingerprints move to it (future
 * occurrences follow), and its first / last occurrence widen to cover theirs.
 */
export const mergeErrorsRoute = route({
  method: 'POST',
  url: '/errors/merge',
  access: { auth: 'user', project: true, permission: 'ERRORS' },
  summary: 'Merge errors into the first one listed',
  schema: { body: Type.Object({ errors: Type.Array(errorIdParam, { maxItems: MERGE_MAX }) }) },
  handler: async ({ body, projectId, sql: run }): Promise<ErrorMergeResult> => {
    const ids = body.errors;
    if (ids.length < 2) throw badRequest('Choose at least 2 errors to merge');
    const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
    if (duplicate) throw badRequest(`Each error may be listed once; ${duplicate} is listed twice`);
    const [kept, ...merged] = ids as [string, ...string[]];
    return run.transaction(async (tx) => {
      // Locked in id order, as the ingest processor updates them: no deadlock with it.
      const rows = await tx<{ error_id: string; parent_error_id: string | null }>(sql`select error_id, parent_error_id from errors_errors where project_id = ${projectId} and error_id in (${ids}) order by error_id for update`);
      const found = new Map(rows.map((r) => [r.error_id, r]));
      const missing = ids.find((id) => !found.has(id));
      if (missing) throw notFound(`${ERROR_NOT_FOUND}: ${missing}`);
      const already = rows.find((r) => r.parent_error_id !== null);
      if (already) throw badRequest(`Error ${already.error_id} is already merged into ${already.parent_error_id}; merge into that one instead`);

      // Groups merged into the ones merged now follow them to the kept one.
      await tx(sql`update errors_errors set parent_error_id = ${kept} where project_id = ${projectId} and parent_error_id in (${merged})`);
      await tx(sql`update errors_errors set parent_error_id = ${kept} where project_id = ${projectId} and error_id in (${merged})`);
      await tx(sql`update errors_occurrences set error_id = ${kept} where project_id = ${projectId} and error_id in (${merged})`);
      await tx(sql`update errors_fingerprints set error_id = ${kept} where project_id = ${projectId} and error_id in (${merged})`);
      await tx(sql`update errors_errors e set first_occurrence_at = least(e.first_occurrence_at, m.first_ts), last_occurrence_at = greatest(e.last_occurrence_at, m.last_ts)
         from (select min(first_occurrence_at) as first_ts, max(last_occurrence_at) as last_ts from errors_errors where project_id = ${projectId} and error_id in (${merged})) m
         where e.project_id = ${projectId} and e.error_id = ${kept}`);
      return { errorId: kept, merged };
    });
  },
});
