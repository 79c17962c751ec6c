import { sql, trusted, type SqlFragment } from '@cassette/plugin-sdk/server';
import type { SortKey } from '../shared/constants.js';

/**
 * The parameterised SQL of the session list: the conditions (the filter compiler's, or the
 * favorites') are a fragment spliced as it is; values go to parameters and sort columns come
 * from a fixed table, so nothing from the request is ever spliced into the text.
 */

const SORT_COLUMNS: Record<SortKey, SqlFragment> = {
  startTs: trusted('s.started_at'),
  duration: trusted('s.duration_ms'),
  eventsCount: trusted('s.events_count'),
  errorsCount: trusted('s.errors_count'),
};

export interface SessionListQuery {
  projectId: number;
  /** The caller, for viewed / favorite. */
  viewerId: number;
  page: number;
  limit: number;
  sort: SortKey;
  order: 'asc' | 'desc';
}

/**
 * The list item's row for every session matching `conditions` (over `sessions_sessions s`, the
 * project's included): the session's columns, the viewer's viewed and favorite marks, and how
 * many sessions its user has. The list and the summaries other plugins ask for read the same rows.
 */
export function sessionListRowsSql(viewerId: number, conditions: SqlFragment): SqlFragment {
  return sql`select s.*,
        exists (select 1 from sessions_viewed v where v.session_id = s.session_id and v.user_id = ${viewerId}) as viewed,
        exists (select 1 from sessions_favorites f where f.session_id = s.session_id and f.user_id = ${viewerId}) as favorite,
        case
          when s.user_id is not null then (select count(*) from sessions_sessions u where u.project_id = s.project_id and u.user_id = s.user_id)
          when s.user_anonymous_id is not null then (select count(*) from sessions_sessions u where u.project_id = s.project_id and u.user_anonymous_id = s.user_anonymous_id)
          when s.user_uuid is not null then (select count(*) from sessions_sessions u where u.project_id = s.project_id and u.user_uuid = s.user_uuid)
          else 1
        end::int as user_sessions_count
      from sessions_sessions s
      where ${conditions}`;
}

/**
 * The page of sessions matching `conditions` (over `sessions_sessions s`, the project's included),
 * and their total. Ties of the sort key are broken by start time, newest first (spec part 2 §4),
 * then by id so that pages never overlap.
 */
export function sessionListSql(q: SessionListQuery, conditions: SqlFragment): { page: SqlFragment; total: SqlFragment } {
  const column = SORT_COLUMNS[q.sort];
  const direction = q.order === 'asc' ? trusted('asc') : trusted('desc');
  const page = sql`${sessionListRowsSql(q.viewerId, conditions)}
      order by ${column} ${direction}, s.started_at desc, s.session_id asc
      limit ${q.limit} offset ${(q.page - 1) * q.limit}`;
  const total = sql`select count(*)::int as n from sessions_sessions s where ${conditions}`;
  return { page, total };
}
