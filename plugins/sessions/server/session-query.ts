/**
 * Builds the parameterised SQL of the session list. Filters (the search issue) add
 * conditions through `where`; nothing from the request is ever spliced into the text:
 * values go to parameters and sort columns come from a fixed table.
 */

import type { SortKey } from '../shared/constants.js';

const SORT_COLUMNS: Record<SortKey, string> = {
  startTs: 's.started_at',
  duration: 's.duration_ms',
  eventsCount: 's.events_count',
  errorsCount: 's.errors_count',
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

export interface Sql {
  sql: string;
  params: unknown[];
}

/** Conditions joined with `and`; each carries its own parameters in order. */
export class Conditions {
  private readonly parts: string[] = [];
  readonly params: unknown[] = [];

  where(sql: string, ...params: unknown[]): this {
    if ((sql.match(/\?/g) ?? []).length !== params.length) throw new Error(`condition "${sql}" expects ${(sql.match(/\?/g) ?? []).length} parameters`);
    this.parts.push(`(${sql})`);
    this.params.push(...params);
    return this;
  }

  get sql(): string {
    return this.parts.length ? this.parts.join(' and ') : 'true';
  }
}

export function sessionListConditions(q: Pick<SessionListQuery, 'projectId'>): Conditions {
  return new Conditions().where('s.project_id = ?', q.projectId);
}

export function sessionListSql(q: SessionListQuery, conditions: Conditions = sessionListConditions(q)): { page: Sql; total: Sql } {
  const column = SORT_COLUMNS[q.sort];
  const direction = q.order === 'asc' ? 'asc' : 'desc';
  const page: Sql = {
    sql: `select s.*,
        exists (select 1 from sessions_viewed v where v.session_id = s.session_id and v.user_id = ?) as viewed,
        exists (select 1 from sessions_favorites f where f.session_id = s.session_id and f.user_id = ?) as favorite,
        case
          when s.user_id is not null then (select count(*) from sessions_sessions u where u.project_id = s.project_id and u.user_id = s.user_id)
          when s.user_anonymous_id is not null then (select count(*) from sessions_sessions u where u.project_id = s.project_id and u.user_anonymous_id = s.user_anonymous_id)
          when s.user_uuid is not null then (select count(*) from sessions_sessions u where u.project_id = s.project_id and u.user_uuid = s.user_uuid)
          else 1
        end::int as user_sessions_count
      from sessions_sessions s
      where ${conditions.sql}
      order by ${column} ${direction}, s.session_id asc
      limit ? offset ?`,
    params: [q.viewerId, q.viewerId, ...conditions.params, q.limit, (q.page - 1) * q.limit],
  };
  const total: Sql = { sql: `select count(*)::int as n from sessions_sessions s where ${conditions.sql}`, params: [...conditions.params] };
  return { page, total };
}
