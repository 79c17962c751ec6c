import { joinSql, sql, SQL_TRUE, trusted, type SqlFragment, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { FilterReader } from '../../api.js';
import type { FilterSuggestion } from '../../shared/search.js';
import { devToolsRefusal, holdsDevTools } from '../dev-tools-access.js';
import { DEV_TOOLS_EVENT_TYPES } from '../event-rows.js';
import { SESSION_KEY_COLUMNS } from '../search/session-key-columns.js';
import { likePattern } from '../search/text-match.js';
import { entryOf, type EventColumnSource } from './suggestion-sources.js';

/**
 * Autocomplete must answer at once on a large project, so it never reads a project's whole
 * history. Each source looks at its newest ROWS_EXAMINED rows of the last
 * SUGGESTION_WINDOW_DAYS (an index scan in time order that stops there), keeps at most
 * ROWS_MATCHED of those matching `q`, and only then groups: the cost is bounded whether `q`
 * is common or matches nothing. A value seen only long ago is not suggested; typing it still works.
 */
export const SUGGESTION_WINDOW_DAYS = 30;
export const ROWS_EXAMINED = 50_000;
export const ROWS_MATCHED = 10_000;
export const DEFAULT_SUGGESTIONS = 10;
export const MAX_SUGGESTIONS = 50;
export const MAX_QUERY_LENGTH = 200;
/** `GET /sessions/filters` lists this many values per key, over this many of the newest sessions. */
export const FILTER_VALUES_PER_KEY = 20;
export const FILTER_VALUES_SESSIONS = 10_000;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SuggestionScope {
  projectId: number;
  /** Rows older than this are not looked at. */
  since: Date;
  /** What the user typed; empty matches everything. */
  q: string;
  /** The caller holds Developer Tools: only then may a source read console, network, GraphQL or state-action rows. */
  devTools: boolean;
}

export function suggestionScope(projectId: number, q: string | undefined, reader: FilterReader, now = Date.now()): SuggestionScope {
  return { projectId, since: new Date(now - SUGGESTION_WINDOW_DAYS * DAY_MS), q: q ?? '', devTools: holdsDevTools(reader) };
}

/** The source may be read in this scope: recorded console text or request paths are Developer Tools data. */
export function mayRead(scope: SuggestionScope, source: EventColumnSource): boolean {
  return scope.devTools || !DEV_TOOLS_EVENT_TYPES.has(source.storedType);
}

/** Rows containing q (case-insensitive), ranked 0 when they start with it, so prefix matches are listed first. */
function matchOf(column: SqlFragment, q: string): { rank: SqlFragment; condition: SqlFragment } {
  if (q === '') return { rank: trusted('0'), condition: SQL_TRUE };
  return {
    rank: sql`case when ${column} ilike ${likePattern('startsWith', q)} then 0 else 1 end`,
    condition: sql`${column} ilike ${likePattern('contains', q)}`,
  };
}

/** Rows `(type, value, session_id, rank)` of one event source, labelled `type` in the answer. */
export function eventBranch(scope: SuggestionScope, type: string, source: EventColumnSource): SqlFragment {
  // Checked here, where the rows are read, so no route can offer another's data by forgetting it.
  if (!mayRead(scope, source)) throw devToolsRefusal(`suggesting values of ${type}`);
  const column = trusted(`e.${source.column}`);
  const failed = source.failedOnly ? sql` and e.success = false` : trusted('');
  const match = matchOf(trusted('r.value'), scope.q);
  // A second column is read from the same rows: each event offers both of its values.
  const values = source.alsoColumn
    ? sql`select v.value, e.session_id from (
          select e.${trusted(source.column)} as first, e.${trusted(source.alsoColumn)} as second, e.session_id, e.ts from sessions_events e
          where e.project_id = ${scope.projectId} and e.type = ${source.storedType} and e.ts >= ${scope.since}${failed}
          order by e.ts desc
          limit ${ROWS_EXAMINED}
        ) e cross join lateral (values (e.first), (e.second)) as v(value)
        where v.value <> ''`
    : sql`select ${column} as value, e.session_id from sessions_events e
        where e.project_id = ${scope.projectId} and e.type = ${source.storedType} and e.ts >= ${scope.since}${failed} and ${column} <> ''
        order by e.ts desc
        limit ${ROWS_EXAMINED}`;
  return sql`select ${type}::text as type, r.value, r.session_id, ${match.rank} as rank
      from (
        ${values}
      ) r
      where btrim(r.value) <> '' and ${match.condition}
      limit ${ROWS_MATCHED}`;
}

/** A value of a session, labelled `type` in the answer. */
export interface SessionAttribute {
  type: string;
  /** An expression over `sessions_sessions s`. */
  expression: SqlFragment;
}

export function sessionColumn(type: string): SessionAttribute {
  const column = entryOf(SESSION_KEY_COLUMNS, type);
  if (!column) throw new Error(`no session column for ${type}`);
  return { type, expression: trusted(`s.${column}`) };
}

export function sessionMetadata(key: string): SessionAttribute {
  return { type: key, expression: sql`s.metadata ->> ${key}::text` };
}

function attributeValues(attributes: readonly SessionAttribute[]): SqlFragment {
  const rows = joinSql(
    attributes.map((a) => sql`(${a.type}::text, ${a.expression})`),
    ', ',
  );
  return sql`(values ${rows}) as kv(type, value)`;
}

/** Rows `(type, value, session_id, rank)` of session attributes: one scan of the newest sessions serves all of them. */
export function sessionBranch(scope: SuggestionScope, attributes: readonly SessionAttribute[]): SqlFragment {
  const match = matchOf(trusted('kv.value'), scope.q);
  return sql`select kv.type, kv.value, s.session_id, ${match.rank} as rank
      from (select * from sessions_sessions where project_id = ${scope.projectId} and started_at >= ${scope.since} order by started_at desc limit ${ROWS_EXAMINED}) s
        cross join lateral ${attributeValues(attributes)}
      where btrim(kv.value) <> '' and ${match.condition}
      limit ${ROWS_MATCHED}`;
}

/** The looked-at rows grouped: prefix matches first, then by sessions, most first; ties by code point, the same on every server. */
export async function topSuggestions(run: SqlRunner, branches: readonly SqlFragment[], limit: number): Promise<FilterSuggestion[]> {
  const lookedAt = joinSql(
    branches.map((b) => sql`(${b})`),
    ' union all ',
  );
  return run<FilterSuggestion>(sql`select type, value, count(distinct session_id)::int as count
      from (${lookedAt}) looked_at
      group by type, value
      order by min(rank), count(distinct session_id) desc, value collate "C"
      limit ${limit}`);
}

/** The most frequent values of each attribute over the newest sessions; empty values left out. */
export async function frequentValues(run: SqlRunner, scope: SuggestionScope, attributes: readonly SessionAttribute[], perKey: number): Promise<Map<string, string[]>> {
  const rows = await run<{ type: string; value: string }>(
    sql`select type, value from (
        select kv.type, kv.value, row_number() over (partition by kv.type order by count(*) desc, kv.value collate "C") as position
        from (select * from sessions_sessions where project_id = ${scope.projectId} and started_at >= ${scope.since} order by started_at desc limit ${FILTER_VALUES_SESSIONS}) s
          cross join lateral ${attributeValues(attributes)}
        where btrim(kv.value) <> ''
        group by kv.type, kv.value
      ) ranked
      where position <= ${perKey}
      order by type, position`,
  );
  const byType = new Map<string, string[]>(attributes.map((a) => [a.type, []]));
  for (const row of rows) byType.get(row.type)?.push(row.value);
  return byType;
}
