import { sql, trusted, type SqlFragment, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { FilterCompileContext, SessionFilterCompiler } from '../../api.js';
import type { BreakdownAnswer, BreakdownDimension, BreakdownQuery } from '../../shared/analytics.js';
import { checkDimension, checkLimit, checkMeasure, checkProjectId, checkQuery, checkRange, filterOverRange } from './analytics-input.js';
import { measured } from './measured.js';

/** Where a dimension's names come from, given the picked sessions `picked (session_id, counted[, attribute])`. */
interface DimensionSource {
  /** A session attribute (one name per session, none when empty), read while picking. */
  attribute?: SqlFragment;
  /** Rows `(session_id, counted, name)`, a session possibly several times under one name. */
  rows?: (projectId: number, since: number) => SqlFragment;
}

const DIMENSIONS: Record<BreakdownDimension, DimensionSource> = {
  browser: { attribute: trusted('s.user_browser') },
  os: { attribute: trusted('s.user_os') },
  device: { attribute: trusted('s.user_device_type') },
  country: { attribute: trusted('s.user_country') },
  // Every page the session visited, by path; its events cannot precede its start, so `since` only helps the index.
  url: {
    rows: (projectId, since) => sql`select p.session_id, p.counted, e.path as name
      from picked p join sessions_events e on e.session_id = p.session_id
      where e.project_id = ${projectId} and e.type = 'LOCATION' and e.ts >= ${new Date(since)} and e.path <> ''`,
  },
  // Every type of issue the session had, as stored (the UI names them); watchdog rules' hits are the project's own, not issue types of the catalogue.
  issue: {
    rows: (projectId) => sql`select p.session_id, p.counted, i.type as name
      from picked p join sessions_issues i on i.session_id = p.session_id
      where i.project_id = ${projectId} and i.type <> 'watchdog'`,
  },
};

/**
 * Sessions or users per browser, OS, device type, country, visited path or issue type
 * (BreakdownQuery). A session without a value for the dimension (no country, no page
 * visited) is in no row but in the total; a row of no users (its sessions had neither a user
 * id nor a device id) is left out. Rows are ordered by value, largest first, then by
 * name in code-point order, so equal rows keep one order whatever the store.
 */
export async function breakdownOf(run: SqlRunner, compiler: SessionFilterCompiler, query: BreakdownQuery, context: FilterCompileContext): Promise<BreakdownAnswer> {
  const q = checkQuery(query);
  const projectId = checkProjectId(q.projectId);
  const range = checkRange(q.range);
  const by = checkDimension(q.by);
  const measure = measured(checkMeasure(q.measure));
  const limit = checkLimit(q.limit);
  const conditions = compiler.sessionConditions(projectId, filterOverRange(q.filter, range), context);
  const source = DIMENSIONS[by];
  const picked = source.attribute
    ? sql`select s.session_id, ${measure.counted} as counted, ${source.attribute} as name from sessions_sessions s where ${conditions}`
    : sql`select s.session_id, ${measure.counted} as counted from sessions_sessions s where ${conditions}`;
  const grouped = source.attribute
    ? sql`select name, ${measure.count} as value from picked where name <> '' group by name having ${measure.count} > 0`
    : sql`select name, ${measure.countDistinct} as value from (${source.rows!(projectId, range.startDate)}) named group by name having ${measure.countDistinct} > 0`;
  const rows = await run<{ total: number; row_count: number; name: string | null; value: number | null }>(sql`
    with picked as materialized (${picked}),
    grouped as (${grouped})
    select t.total::int as total, t.row_count::int as row_count, top.name, top.value::int as value
    from (select (select ${measure.count} from picked) as total, (select count(*) from grouped) as row_count) t
    left join lateral (select name, value from grouped order by value desc, name collate "C" limit ${limit}) top on true
    order by top.value desc, top.name collate "C"`);
  const first = rows[0];
  const rowCount = first ? Number(first.row_count) : 0;
  return {
    rows: rows.filter((r) => r.name !== null).map((r) => ({ name: r.name!, value: Number(r.value) })),
    total: first ? Number(first.total) : 0,
    others: Math.max(0, rowCount - limit),
  };
}
