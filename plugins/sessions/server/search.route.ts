import { Type } from '@sinclair/typebox';
import type { SessionSearchFilter, SessionSearchResult } from '../shared/search.js';
import { SESSIONS_PAGE_SIZE, type SortKey } from '../shared/constants.js';
import { toListItem, type SessionListRow } from './list-item.js';
import { searchFilterProperties } from './search/search-filter.schema.js';
import { route } from './deps.js';
import { projectFilterConditions } from './search/project-filter-conditions.js';
import { sessionListSql } from './session-query.js';

/** `SessionSearchRequest` (shared/search.ts): the search filter, sort and page. Other fields (a saved search's UI facts) are ignored. */
export const sessionSearchBody = Type.Object(
  {
    ...searchFilterProperties,
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: SESSIONS_PAGE_SIZE })),
  },
  { additionalProperties: true },
);

/**
 * The session list and search (spec part 2 §7 `POST /sessions/search2`): the filter compiler
 * (search/filter-compiler.ts) turns the body's filter into conditions on the list's query.
 * The list's tabs are filters too: `bookmarked: true`, or an ISSUE filter.
 */
export const searchSessionsRoute = route({
  method: 'POST',
  url: '/sessions/search2',
  access: { auth: 'user', project: true, permission: 'SESSION_REPLAY' },
  summary: 'List and search recorded sessions of the project, newest first',
  schema: { body: sessionSearchBody },
  handler: async ({ body, deps, sql: run, projectId, caller }): Promise<SessionSearchResult> => {
    // The compiler's conditions start with the project, so they serve the list's query as they are.
    const conditions = await projectFilterConditions(deps, projectId, body as SessionSearchFilter, caller);
    const { page, total } = sessionListSql(
      {
        projectId,
        viewerId: caller.userId,
        page: body.page ?? 1,
        limit: body.limit ?? SESSIONS_PAGE_SIZE,
        sort: (body.sort ?? 'startTs') as SortKey,
        order: body.order ?? 'desc',
      },
      conditions,
    );
    const rows = await run<SessionListRow>(page);
    const [count] = await run<{ n: number }>(total);
    const now = Date.now();
    return { sessions: rows.map((r) => toListItem(r, now)), total: count?.n ?? 0 };
  },
});
