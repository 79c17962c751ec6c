import { Type } from '@sinclair/typebox';
import { defineRoute } from '@cassette/plugin-sdk/server';
import type { SessionSearchResult } from './api.js';
import { SESSIONS_PAGE_SIZE } from './constants.js';
import { toListItem, type SessionListRow } from './list-item.js';
import { applyTabFilters, searchFilterItem } from './search-filters.js';
import { SORT_COLUMNS, sessionListConditions, sessionListSql, type SortKey } from './session-query.js';

/**
 * The session list (spec part 2 §7 `POST /sessions/search2`). The list's tabs work here
 * (`bookmarked`, ISSUE filters, see search-filters.ts); the other filters arrive with the search step.
 */
export const searchSessionsRoute = defineRoute({
  method: 'POST',
  url: '/sessions/search2',
  access: { auth: 'user', project: true, permission: 'SESSION_REPLAY' },
  summary: 'List recorded sessions of the project, newest first',
  schema: {
    body: Type.Object(
      {
        page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: SESSIONS_PAGE_SIZE })),
        sort: Type.Optional(Type.Union(Object.keys(SORT_COLUMNS).map((k) => Type.Literal(k)))),
        order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
        bookmarked: Type.Optional(Type.Boolean()),
        filters: Type.Optional(Type.Array(searchFilterItem, { maxItems: 100 })),
      },
      { additionalProperties: true },
    ),
  },
  handler: async ({ body, em, projectId, caller }): Promise<SessionSearchResult> => {
    const conditions = applyTabFilters(sessionListConditions({ projectId: projectId! }), body, caller!.userId);
    const { page, total } = sessionListSql(
      {
        projectId: projectId!,
        viewerId: caller!.userId,
        page: body.page ?? 1,
        limit: body.limit ?? SESSIONS_PAGE_SIZE,
        sort: (body.sort ?? 'startTs') as SortKey,
        order: body.order ?? 'desc',
      },
      conditions,
    );
    const connection = em.getConnection();
    const rows = (await connection.execute(page.sql, page.params)) as SessionListRow[];
    const [count] = (await connection.execute(total.sql, total.params)) as { n: number }[];
    const now = Date.now();
    return { sessions: rows.map((r) => toListItem(r, now)), total: count?.n ?? 0 };
  },
});
