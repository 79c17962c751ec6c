import { Type } from '@sinclair/typebox';
import { allOf, badRequest, defineRoute, sql, trusted, type SqlFragment } from '@cassette/plugin-sdk/server';
import { ERROR_SORT_KEYS, ERROR_STATUSES, ERROR_SYNTHETIC_FILTERS, ERRORS_PAGE_SIZE, type ErrorSearchResult, type ErrorSortKey, type ErrorStatus, type ErrorSyntheticFilter } from '../../api.js';
import { toListItems } from './error-items.js';
import { ERROR_COLUMNS, type ErrorRow } from './error-lookup.js';

const SORT_COLUMNS: Record<ErrorSortKey, SqlFragment> = {
  lastOccurrence: trusted('e.last_occurrence_at'),
  firstOccurrence: trusted('e.first_occurrence_at'),
  users: trusted('c.users'),
  sessions: trusted('c.sessions'),
  occurrences: trusted('c.occurrences'),
};
/** Sorts on a count: the join counting it over a group's occurrences (the index 0003 holds user_key and session_id). */
const COUNTED_SORTS: Partial<Record<ErrorSortKey, SqlFragment>> = {
  users: countsJoin('count(distinct o.user_key)', 'users'),
  sessions: countsJoin('count(distinct o.session_id)', 'sessions'),
  occurrences: countsJoin('count(*)', 'occurrences'),
};

function countsJoin(expression: string, name: ErrorSortKey): SqlFragment {
  return trusted(`left join lateral (select ${expression} as ${name} from errors_occurrences o where o.project_id = e.project_id and o.error_id = e.error_id) c on true`);
}
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
  synthetic: Type.Optional(Type.String({ maxLength: 20 })),
});

/** The occurrences an error must have one of to be listed, by the `synthetic` filter. */
const SYNTHETIC_OCCURRENCES: Record<ErrorSyntheticFilter, SqlFragment | null> = {
  include: null,
  exclude: trusted('not o.synthetic'),
  only: trusted('o.synthetic'),
};

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
 * ones left out), filtered by status (default unresolved), text, bookmarks, dates and synthetic
 * test runs (default: included), sorted and paged (10 by default).
 */
export const searchErrorsRoute = defineRoute({
  method: 'POST',
  url: '/errors/search',
  access: { auth: 'user', project: true, permission: 'ERRORS' },
  summary: 'List and search the error groups of the project',
  schema: { body: errorSearchBody, querystring: Type.Object({ favorite: Type.Optional(Type.String({ maxLength: 10 })) }) },
  handler: async ({ body, query, sql: run, projectId, caller }): Promise<ErrorSearchResult> => {
    const sort = oneOf<ErrorSortKey>('sort', body.sort, ERROR_SORT_KEYS, 'lastOccurrence');
    const order = oneOf('order', body.order, ['asc', 'desc'] as const, 'desc');
    const status = oneOf<ErrorStatus | 'all'>('status', body.status, STATUS_FILTERS, 'unresolved');
    const synthetic = oneOf<ErrorSyntheticFilter>('synthetic', body.synthetic, ERROR_SYNTHETIC_FILTERS, 'include');
    const page = body.page ?? 1;
    const limit = body.limit ?? ERRORS_PAGE_SIZE;
    if (body.startDate !== undefined && body.endDate !== undefined && body.startDate > body.endDate) throw badRequest('startDate must not be after endDate');
    const bookmarked = body.bookmarked === true || (query.favorite !== undefined && query.favorite !== 'false' && query.favorite !== '0');

    const where: SqlFragment[] = [sql`e.project_id = ${projectId}`, sql`e.parent_error_id is null`];
    if (status !== 'all') where.push(sql`e.status = ${status}`);
    const text = body.query?.trim();
    if (text) {
      const pattern = containsPattern(text);
      where.push(sql`e.name ilike ${pattern} or e.message ilike ${pattern} or e.first_frame ilike ${pattern}`);
    }
    if (bookmarked) where.push(sql`exists (select 1 from errors_favorites f where f.error_id = e.error_id and f.user_id = ${caller.userId})`);
    const occurrenceKind = SYNTHETIC_OCCURRENCES[synthetic];
    const ofKind = occurrenceKind ? sql` and ${occurrenceKind}` : trusted('');
    if (body.startDate !== undefined || body.endDate !== undefined) {
      const from = new Date(body.startDate ?? 0);
      const to = new Date(body.endDate ?? 253_402_300_799_999);
      // The group's span rules most groups out before its occurrences are looked at.
      where.push(
        sql`e.last_occurrence_at >= ${from} and e.first_occurrence_at <= ${to} and exists (select 1 from errors_occurrences o where o.project_id = e.project_id and o.error_id = e.error_id and o.ts >= ${from} and o.ts <= ${to}${ofKind})`,
      );
    } else if (occurrenceKind) {
      where.push(sql`exists (select 1 from errors_occurrences o where o.project_id = e.project_id and o.error_id = e.error_id${ofKind})`);
    }
    const conditions = allOf(where);
    // Only the figure sorted on, per group: the page's own figures are counted afterwards, for ten groups.
    const counts = COUNTED_SORTS[sort] ?? trusted('');
    const direction = order === 'asc' ? trusted('asc') : trusted('desc');
    const rows = await run<ErrorRow>(sql`select ${ERROR_COLUMNS} from errors_errors e ${counts} where ${conditions}
       order by ${SORT_COLUMNS[sort]} ${direction}, e.error_id ${direction} limit ${limit} offset ${(page - 1) * limit}`);
    const [total] = await run<{ n: number }>(sql`select count(*)::int as n from errors_errors e where ${conditions}`);
    return { total: Number(total?.n ?? 0), errors: await toListItems(run, projectId, caller.userId, rows) };
  },
});
