import { Type } from '@sinclair/typebox';
import { allOf, defineRoute, sql } from '@cassette/plugin-sdk/server';
import type { SessionSearchResult } from '../shared/search.js';
import { SESSIONS_PAGE_SIZE } from '../shared/constants.js';
import { toListItem, type SessionListRow } from './list-item.js';
import { sessionListSql } from './session-query.js';
import { requireSession, sessionParams } from './session-lookup.js';

/**
 * Spec part 2 §7 `GET /sessions2/{id}/favorite`: toggles the caller's bookmark (a GET, as
 * the spec's client calls it) and answers the new state.
 */
export const toggleFavoriteRoute = defineRoute({
  method: 'GET',
  url: '/sessions2/:sessionId/favorite',
  access: { auth: 'user', project: true, permission: 'SESSION_REPLAY' },
  summary: "Toggle the caller's bookmark on a session; answers { favorite }",
  schema: { params: sessionParams, response: Type.Object({ favorite: Type.Boolean() }) },
  handler: async ({ params, sql: run, projectId, caller }) => {
    await requireSession(run, projectId, params.sessionId);
    // One statement each way, so two quick clicks cannot both add (or both remove).
    const removed = await run<{ session_id: string }>(sql`delete from sessions_favorites where session_id = ${params.sessionId} and user_id = ${caller.userId} returning session_id`);
    if (removed.length) return { favorite: false };
    await run(sql`insert into sessions_favorites (session_id, user_id, project_id) values (${params.sessionId}, ${caller.userId}, ${projectId}) on conflict do nothing`);
    return { favorite: true };
  },
});

/** Spec part 2 §7 `GET /sessions2/favorite`: the caller's bookmarked sessions of the project, newest first. */
export const listFavoritesRoute = defineRoute({
  method: 'GET',
  url: '/sessions2/favorite',
  access: { auth: 'user', project: true, permission: 'SESSION_REPLAY' },
  summary: "The caller's bookmarked sessions (list items), newest first",
  schema: {
    querystring: Type.Object({
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: SESSIONS_PAGE_SIZE })),
    }),
  },
  handler: async ({ query, sql: run, projectId, caller }): Promise<SessionSearchResult> => {
    const conditions = allOf([
      sql`s.project_id = ${projectId}`,
      sql`exists (select 1 from sessions_favorites bf where bf.session_id = s.session_id and bf.user_id = ${caller.userId})`,
    ]);
    const { page, total } = sessionListSql(
      { projectId, viewerId: caller.userId, page: query.page ?? 1, limit: query.limit ?? SESSIONS_PAGE_SIZE, sort: 'startTs', order: 'desc' },
      conditions,
    );
    const rows = await run<SessionListRow>(page);
    const [count] = await run<{ n: number }>(total);
    const now = Date.now();
    return { sessions: rows.map((r) => toListItem(r, now)), total: count?.n ?? 0 };
  },
});
