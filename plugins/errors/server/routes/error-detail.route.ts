import { defineRoute, sql } from '@cassette/plugin-sdk/server';
import type { ErrorDetail } from '../../api.js';
import { last24Hours, last30Days, occurrenceCharts } from './charts.js';
import { toListItems } from './error-items.js';
import { errorParams, requireError } from './error-lookup.js';
import { errorSessions } from './error-sessions.js';
import { errorTags } from './error-tags.js';

const RELEASES_SHOWN = 10;
const SESSIONS_SHOWN = 10;

/**
 * Spec part 2 §7 `GET /errors/{id}`: the group with its charts, tags, newest sessions,
 * releases and latest stack. Reading it marks it viewed for the caller.
 */
export const errorDetailRoute = defineRoute({
  method: 'GET',
  url: '/errors/:errorId',
  access: { auth: 'user', project: true, permission: 'ERRORS' },
  summary: 'An error group in detail; marks it viewed for the caller',
  schema: { params: errorParams },
  handler: async ({ params, sql: run, projectId, caller }): Promise<ErrorDetail> => {
    const row = await requireError(run, projectId, params.errorId);
    await run(sql`insert into errors_viewed (error_id, user_id) values (${row.error_id}, ${caller.userId}) on conflict do nothing`);
    const now = Date.now();
    const [item] = await toListItems(run, projectId, caller.userId, [row], now);
    const chart24 = (await occurrenceCharts(run, projectId, [row.error_id], last24Hours(now))).get(row.error_id)!;
    const tags = await errorTags(run, projectId, row.error_id, item!.occurrences);
    const { sessions } = await errorSessions(run, projectId, row.error_id, 1, SESSIONS_SHOWN);
    const releases = await run<{ release: string }>(sql`select release from errors_occurrences where project_id = ${projectId} and error_id = ${row.error_id} and release is not null
       group by release order by max(ts) desc limit ${RELEASES_SHOWN}`);
    const merged = await run<{ error_id: string }>(sql`select error_id from errors_errors where project_id = ${projectId} and parent_error_id = ${row.error_id} order by error_id`);
    const [latest] = await run<{ stack: string | null }>(sql`select stack from errors_occurrences where project_id = ${projectId} and error_id = ${row.error_id} order by ts desc, seq desc, idx desc limit 1`);
    return {
      ...item!,
      viewed: true,
      chart24,
      chart30: item!.chart,
      tags,
      sessions10: sessions,
      lastHydratedSession: sessions[0] ?? null,
      releases: releases.map((r) => r.release),
      mergedErrorIds: merged.map((r) => r.error_id),
      stack: latest?.stack ?? null,
    };
  },
});
