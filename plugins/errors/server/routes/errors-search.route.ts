import { Type } from '@sinclair/typebox';
import { badRequest, defineRoute } from '@cassette/plugin-sdk/server';
import { ERROR_SORT_KEYS, ERROR_STATUSES, ERRORS_PAGE_SIZE, type ErrorSearchResult, type ErrorSortKey, type ErrorStatus } from '../../api.js';
import { toListItems } from './error-items.js';
import { ERROR_COLUMNS, sql, type ErrorRow } from './error-lookup.js';

const SORT_COLUMNS: Record<ErrorSortKey, string> = {
  lastOccurrence: 'e.last_occurrence_at',
  firstOccurrence: 'e.first_occurrence_at',
  users: 'c.users',
  sessions: 'c.sessions',
  occurrences: 'c.occurrences',
};
/** Sorts on a count: how to count it over a group's occurrences (the index 0003 holds user_key and session_id). */
const COUNTED_SORTS: Partial<Record<ErrorSortKey, string>> = {
  users: 'count(distinct o.user_key)',
  sessions: 'count(distinct o.session_id)',
  occurrences: 'count(*)',
};
const STATUS_FILTERS = [...ERROR_STATUSES, 'all'] as const;
const QUERY_MAX = 200;

export const errorSearchBody = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  sort: Type.Optional(Type.String({ maxLength: 50 })),
  order: Type.Optional(Type.String({ maxLength: 10 })),
  status: Type.Optional(Type.String({ maxLength: 20 })),
  query: Type.Optional(Type.String({ maxLength: QUERY_MAX })),
  bookmarked: Type.Optional(Type.Boolean()),
  startDate: Type.Optional(Type.Integer({ minimum: 0 })),
  endDate: Type.Optional(Type.Integer({ minimum: 0 })),
});

function oneOf<T extends string>(field: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === '') return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw badRequest(`${field} must be one of: ${allowed.join(', ')}`);
}

/** `%` and `_` in the user's text are meant literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Spec part 2 §7 `POST /errors/search` (also `?favorite`): the project's error groups (merged
 * ones left out), filtered by status (default unresolved), text, bookmarks and dates, sorted
 * and paged (10 by default).
 */
export const searchErrorsRoute = defineRoute({
  method: 'POST',
  url: '/errors/search',
  access: { auth: 'user', project: true, permission: 'ERRORS' },
  summary: 'List and search the error groups of the project',
  schema: { body: errorSearchBody, querystring: Type.Object({ favorite: Type.Optional(Type.String({ maxLength: 10 })) }) },
  handler: async ({ body, query, em, projectId, caller }): Promise<ErrorSearchResult> => {
    const sort = oneOf<ErrorSortKey>('sort', body.sort, ERROR_SORT_KEYS, 'lastOccurrence');
    const order = oneOf('order', body.order, ['asc', 'desc'] as const, 'desc');
    const status = oneOf<ErrorStatus | 'all'>('status', body.status, STATUS_FILTERS, 'unresolved');
    const page = body.page ?? 1;
    const limit = body.limit ?? ERRORS_PAGE_SIZE;
    if (body.startDate !== undefined && body.endDate !== undefined && body.startDate > body.endDate) throw badRequest('startDate must not be after endDate');
    const bookmarked = body.bookmarked === true || (query.favorite !== undefined && query.favorite !== 'false' && query.favorite !== '0');

    const where = ['e.project_id = ?', 'e.parent_error_id is null'];
    const params: unknown[] = [projectId];
    if (status !== 'all') {
      where.push('e.status = ?');
      params.push(status);
    }
    const text = body.query?.trim();
    if (text) {
      where.push('(e.name ilike ? or e.message ilike ? or e.first_frame ilike ?)');
      const pattern = containsPattern(text);
      params.push(pattern, pattern, pattern);
    }
    if (bookmarked) {
      where.push('exists (select 1 from errors_favorites f where f.error_id = e.error_id and f.user_id = ?)');
      params.push(caller.userId);
    }
    if (body.startDate !== undefined || body.endDate !== undefined) {
      const from = new Date(body.startDate ?? 0);
      const to = new Date(body.endDate ?? 253_402_300_799_999);
      // The group's span rules most groups out before its occurrences are looked at.
      where.push(
        'e.last_occurrence_at >= ? and e.first_occurrence_at <= ? and exists (select 1 from errors_occurrences o where o.project_id = e.project_id and o.error_id = e.error_id and o.ts >= ? and o.ts <= ?)',
      );
      params.push(from, to, from, to);
    }
    // Only the figure sorted on, per group: the page's own figures are counted afterwards, for ten groups.
    const countedExpression = COUNTED_SORTS[sort];
    const countsJoin = countedExpression
      ? `left join lateral (select ${countedExpression} as ${sort} from errors_occurrences o where o.project_id = e.project_id and o.error_id = e.error_id) c on true`
      : '';
    const direction = order === 'asc' ? 'asc' : 'desc';
    const rows = await sql<ErrorRow>(
      em,
      `select ${ERROR_COLUMNS} from errors_errors e ${countsJoin} where ${where.join(' and ')}
       order by ${SORT_COLUMNS[sort]} ${direction}, e.error_id ${direction} limit ? offset ?`,
      [...params, limit, (page - 1) * limit],
    );
    const [total] = await sql<{ n: number }>(em, `select count(*)::int as n from errors_errors e where ${where.join(' and ')}`, params);
    return { total: Number(total?.n ?? 0), errors: await toListItems(em, projectId, caller.userId, rows) };
  },
});
