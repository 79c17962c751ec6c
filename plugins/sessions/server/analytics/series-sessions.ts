import { badRequest, sql, trusted, type SqlFragment, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { FilterCompileContext, SessionFilterCompiler } from '../../api.js';
import type { BreakdownDimension, SessionIdsPage } from '../../shared/analytics.js';
import { MAX_SERIES_SESSIONS_LIMIT, type SeriesSessionsQuery } from '../../shared/analytics-drill-down.js';
import { checkDimension, checkProjectId, checkQuery, checkRange, filterOverRange } from './analytics-input.js';

const wholeNumber = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** Names longer than any stored value match nothing; refusing them keeps the statement small. */
const MAX_ROW_NAME = 2000;

/** The condition on `sessions_sessions s` of a breakdown row: the same sessions breakdown.ts counts in it. */
function rowCondition(projectId: number, by: BreakdownDimension, name: string, since: number): SqlFragment {
  switch (by) {
    case 'browser':
      return sql`s.user_browser = ${name}`;
    case 'os':
      return sql`s.user_os = ${name}`;
    case 'device':
      return sql`s.user_device_type = ${name}`;
    case 'country':
      return sql`s.user_country = ${name}`;
    case 'url':
      return sql`exists (select 1 from sessions_events e where e.session_id = s.session_id and e.project_id = ${projectId} and e.type = 'LOCATION' and e.ts >= ${new Date(since)} and e.path = ${name})`;
    case 'issue':
      return sql`exists (select 1 from sessions_issues i where i.session_id = s.session_id and i.project_id = ${projectId} and i.type = ${name})`;
  }
}

function checkRow(row: unknown): { by: BreakdownDimension; name: string } | null {
  if (row === undefined || row === null) return null;
  if (typeof row !== 'object' || Array.isArray(row)) throw badRequest('row must be an object { by, name }');
  const { by, name } = row as Record<string, unknown>;
  if (typeof name !== 'string' || name.length > MAX_ROW_NAME) throw badRequest(`row.name must be a text of at most ${MAX_ROW_NAME} characters`);
  return { by: checkDimension(by), name };
}

/**
 * The sessions behind a series' point or a breakdown's row (SeriesSessionsQuery), newest first
 * (equal starts by session id), a page at a time, with how many there are in all.
 */
export async function seriesSessionsOf(run: SqlRunner, compiler: SessionFilterCompiler, query: SeriesSessionsQuery, context: FilterCompileContext): Promise<SessionIdsPage> {
  const q = checkQuery(query);
  const projectId = checkProjectId(q.projectId);
  const range = checkRange(q.range);
  const row = checkRow(q.row);
  if (!wholeNumber(q.limit) || q.limit < 1 || q.limit > MAX_SERIES_SESSIONS_LIMIT) throw badRequest(`limit must be a whole number from 1 to ${MAX_SERIES_SESSIONS_LIMIT}`);
  if (!wholeNumber(q.offset) || q.offset < 0) throw badRequest('offset must be a whole number >= 0');
  const conditions = compiler.sessionConditions(projectId, filterOverRange(q.filter, range), context);
  // A row without a name (no country, no page) is no row: breakdowns leave those sessions out.
  const inRow = row ? (row.name === '' ? trusted('false') : rowCondition(projectId, row.by, row.name, range.startDate)) : trusted('true');
  const rows = await run<{ total: number; session_id: string | null }>(sql`
    with picked as materialized (select s.session_id, s.started_at from sessions_sessions s where ${conditions} and ${inRow})
    select t.total, p.session_id
    from (select count(*)::int as total from picked) t
      left join lateral (select c.session_id, c.started_at from picked c order by c.started_at desc, c.session_id limit ${q.limit} offset ${q.offset}) p on true
    order by p.started_at desc, p.session_id`);
  return {
    sessionIds: rows.filter((r) => r.session_id !== null).map((r) => r.session_id!),
    total: Number(rows[0]?.total ?? 0),
  };
}
