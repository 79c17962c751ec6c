import { Type } from '@sinclair/typebox';
import { badRequest, defineRoute, sql } from '@cassette/plugin-sdk/server';
import { NEW_ERRORS_WINDOW_MS, type ErrorStats } from '../../api.js';

/**
 * Spec part 2 §7 `GET /errors/stats` (the top bar's new-errors badge, part 1 §4): unresolved,
 * not merged groups the caller has not viewed, with an occurrence in the range (default: the
 * last 7 days).
 */
export const errorStatsRoute = defineRoute({
  method: 'GET',
  url: '/errors/stats',
  access: { auth: 'user', project: true, permission: 'ERRORS' },
  summary: "How many unresolved errors with recent occurrences the caller has not viewed",
  schema: {
    querystring: Type.Object({
      startTimestamp: Type.Optional(Type.Number({ minimum: 0, maximum: 253_402_300_799_999 })),
      endTimestamp: Type.Optional(Type.Number({ minimum: 0, maximum: 253_402_300_799_999 })),
    }),
  },
  handler: async ({ query, sql: run, projectId, caller }): Promise<ErrorStats> => {
    const end = Math.floor(query.endTimestamp ?? Date.now());
    const start = Math.floor(query.startTimestamp ?? end - NEW_ERRORS_WINDOW_MS);
    if (start > end) throw badRequest('startTimestamp must not be after endTimestamp');
    const from = new Date(start);
    const to = new Date(end);
    const [row] = await run<{ n: number }>(sql`select count(*)::int as n from errors_errors e
       where e.project_id = ${projectId} and e.parent_error_id is null and e.status = 'unresolved'
         and e.last_occurrence_at >= ${from} and e.first_occurrence_at <= ${to}
         and not exists (select 1 from errors_viewed v where v.error_id = e.error_id and v.user_id = ${caller.userId})
         and exists (select 1 from errors_occurrences o where o.project_id = e.project_id and o.error_id = e.error_id and o.ts >= ${from} and o.ts <= ${to})`);
    return { unresolvedUnviewed: Number(row?.n ?? 0) };
  },
});
