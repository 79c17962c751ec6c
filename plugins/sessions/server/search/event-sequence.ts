import { allOf, anyOf, joinSql, sql, trusted, SQL_TRUE, type SqlFragment } from '@cassette/plugin-sdk/server';
import type { StoredEventType } from '../event-rows.js';
import type { EventsOrder } from '../../shared/filter-catalogue.js';
import type { EventMatch } from './event-conditions.js';

/** A strict sequence allows no page visit, click, input or custom event between two steps. */
const USER_ACTION_TYPES: StoredEventType[] = ['LOCATION', 'CLICK', 'INPUT', 'CUSTOM'];

export interface EventRange {
  /** Epoch ms: only events at or after it (the session started at or after it anyway). */
  since: number | null;
  until?: number | null;
}

/**
 * The rows under `alias` that match one step, in the session `s` of the project. The shape
 * (project, type, then the step's columns) lets the planner use the `(project_id, type, …)`
 * indexes when a step is selective.
 */
export function stepRows(projectId: number, match: EventMatch, alias: string, range: EventRange, session: SqlFragment | null): SqlFragment {
  const a = trusted(alias);
  return allOf([
    ...(session ? [sql`${a}.session_id = ${session}`] : []),
    sql`${a}.project_id = ${projectId}`,
    sql`${a}.type = ${match.eventType}`,
    match.on(alias),
    ...(range.since !== null ? [sql`${a}.ts >= ${new Date(range.since)}`] : []),
    ...(range.until !== null && range.until !== undefined ? [sql`${a}.ts <= ${new Date(range.until)}`] : []),
  ]);
}

const SESSION = trusted('s.session_id');
const position = (alias: string) => trusted(`(${alias}.ts, ${alias}.seq, ${alias}.idx)`);

/** The session holds an event matching the step. */
export function eventExists(projectId: number, match: EventMatch, range: EventRange): SqlFragment {
  return sql`exists (select 1 from sessions_events e where ${stepRows(projectId, match, 'e', range, SESSION)})`;
}

/**
 * Steps in order, each strictly after the previous one by (ts, seq, idx). Taking for each step
 * the earliest match after the previous step's event is enough: an earlier choice never
 * leaves fewer events for the steps that follow.
 */
function inOrder(projectId: number, steps: readonly EventMatch[], range: EventRange): SqlFragment {
  const joins = steps.map((step, i) => {
    const after = i === 0 ? SQL_TRUE : sql`${position('e')} > ${position(`step${i}`)}`;
    const earliest = sql`(select e.ts, e.seq, e.idx from sessions_events e
        where ${stepRows(projectId, step, 'e', range, SESSION)} and ${after}
        order by e.ts, e.seq, e.idx limit 1) as ${trusted(`step${i + 1}`)}`;
    return i === 0 ? earliest : sql`cross join lateral ${earliest}`;
  });
  return sql`exists (select 1 from ${joinSql(joins, ' ')})`;
}

/**
 * Steps in order with no user action between two of them. The earliest match is not enough
 * here (a later one may be followed at once by the next step), so each step looks for any
 * match right after some match of the previous step.
 */
function inStrictOrder(projectId: number, steps: readonly EventMatch[], range: EventRange): SqlFragment {
  let inner: SqlFragment | null = null;
  for (let i = steps.length - 1; i >= 0; i -= 1) {
    const alias = `e${i + 1}`;
    const rows = stepRows(projectId, steps[i]!, alias, range, SESSION);
    const rest: SqlFragment = inner ? sql` and ${inner}` : trusted('');
    if (i === 0) {
      inner = sql`exists (select 1 from sessions_events ${trusted(alias)} where ${rows}${rest})`;
      continue;
    }
    const previous = position(`e${i}`);
    const here = position(alias);
    const u = `u${i + 1}`;
    const nothingBetween = sql`not exists (select 1 from sessions_events ${trusted(u)}
        where ${trusted(u)}.session_id = s.session_id and ${trusted(u)}.type in (${USER_ACTION_TYPES})
          and ${position(u)} > ${previous} and ${position(u)} < ${here})`;
    inner = sql`exists (select 1 from sessions_events ${trusted(alias)}
        where ${rows} and ${here} > ${previous} and ${nothingBetween}${rest})`;
  }
  return inner!;
}

/** The sessions' event steps (spec: eventsOrder then / and / or, and strict). */
export function eventSequence(projectId: number, steps: readonly EventMatch[], order: EventsOrder, strict: boolean, range: EventRange): SqlFragment {
  if (steps.length === 0) return SQL_TRUE;
  if (order === 'or') return anyOf(steps.map((s) => eventExists(projectId, s, range)));
  if (order === 'and' || steps.length === 1) return allOf(steps.map((s) => eventExists(projectId, s, range)));
  // Each step's plain existence first: those are semi-joins the planner can start from an
  // index with, so the per-session ordered search runs only for sessions holding every step.
  const chain = strict ? inStrictOrder(projectId, steps, range) : inOrder(projectId, steps, range);
  return allOf([...steps.map((s) => eventExists(projectId, s, range)), chain]);
}
