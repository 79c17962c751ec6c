import type { EntityManager } from '@mikro-orm/core';
import type { FilterSuggestion } from '../../shared/search.js';
import type { SqlFragment } from '../../api.js';
import { sql } from '../session-lookup.js';
import { SESSION_KEY_COLUMNS } from '../search/session-key-columns.js';
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
}

export function suggestionScope(projectId: number, q: string | undefined, now = Date.now()): SuggestionScope {
  return { projectId, since: new Date(now - SUGGESTION_WINDOW_DAYS * DAY_MS), q: q ?? '' };
}

/** ILIKE reads `\`, `%` and `_` as plain characters once escaped (backslash is PostgreSQL's default LIKE escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Rows containing q (case-insensitive), ranked 0 when they start with it, so prefix matches are listed first. */
function matchOf(column: string, q: string): { rank: SqlFragment; condition: SqlFragment } {
  if (q === '') return { rank: { sql: '0', params: [] }, condition: { sql: '', params: [] } };
  const escaped = escapeLike(q);
  return {
    rank: { sql: `case when ${column} ilike ? then 0 else 1 end`, params: [`${escaped}%`] },
    condition: { sql: ` and ${column} ilike ?`, params: [`%${escaped}%`] },
  };
}

/** Rows `(type, value, session_id, rank)` of one event source, labelled `type` in the answer. */
export function eventBranch(scope: SuggestionScope, type: string, source: EventColumnSource): SqlFragment {
  const column = `e.${source.column}`;
  const match = matchOf('r.value', scope.q);
  return {
    sql: `select ?::text as type, r.value, r.session_id, ${match.rank.sql} as rank
      from (
        select ${column} as value, e.session_id from sessions_events e
        where e.project_id = ? and e.type = ? and e.ts >= ?${source.failedOnly ? ' and e.success = false' : ''} and ${column} <> ''
        order by e.ts desc
        limit ?
      ) r
      where btrim(r.value) <> ''${match.condition.sql}
      limit ?`,
    params: [type, ...match.rank.params, scope.projectId, source.storedType, scope.since, ROWS_EXAMINED, ...match.condition.params, ROWS_MATCHED],
  };
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
  return { type, expression: { sql: `s.${column}`, params: [] } };
}

export function sessionMetadata(key: string): SessionAttribute {
  return { type: key, expression: { sql: 's.metadata ->> ?::text', params: [key] } };
}

function attributeValues(attributes: readonly SessionAttribute[]): SqlFragment {
  return {
    sql: `(values ${attributes.map((a) => `(?::text, ${a.expression.sql})`).join(', ')}) as kv(type, value)`,
    params: attributes.flatMap((a) => [a.type, ...a.expression.params]),
  };
}

/** Rows `(type, value, session_id, rank)` of session attributes: one scan of the newest sessions serves all of them. */
export function sessionBranch(scope: SuggestionScope, attributes: readonly SessionAttribute[]): SqlFragment {
  const values = attributeValues(attributes);
  const match = matchOf('kv.value', scope.q);
  return {
    sql: `select kv.type, kv.value, s.session_id, ${match.rank.sql} as rank
      from (select * from sessions_sessions where project_id = ? and started_at >= ? order by started_at desc limit ?) s
        cross join lateral ${values.sql}
      where btrim(kv.value) <> ''${match.condition.sql}
      limit ?`,
    params: [...match.rank.params, scope.projectId, scope.since, ROWS_EXAMINED, ...values.params, ...match.condition.params, ROWS_MATCHED],
  };
}

/** The looked-at rows grouped: prefix matches first, then by sessions, most first; ties by code point, the same on every server. */
export async function topSuggestions(em: EntityManager, branches: readonly SqlFragment[], limit: number): Promise<FilterSuggestion[]> {
  return sql<FilterSuggestion>(
    em,
    `select type, value, count(distinct session_id)::int as count
      from (${branches.map((b) => `(${b.sql})`).join(' union all ')}) looked_at
      group by type, value
      order by min(rank), count(distinct session_id) desc, value collate "C"
      limit ?`,
    [...branches.flatMap((b) => b.params), limit],
  );
}

/** The most frequent values of each attribute over the newest sessions; empty values left out. */
export async function frequentValues(em: EntityManager, scope: SuggestionScope, attributes: readonly SessionAttribute[], perKey: number): Promise<Map<string, string[]>> {
  const values = attributeValues(attributes);
  const rows = await sql<{ type: string; value: string }>(
    em,
    `select type, value from (
        select kv.type, kv.value, row_number() over (partition by kv.type order by count(*) desc, kv.value collate "C") as position
        from (select * from sessions_sessions where project_id = ? and started_at >= ? order by started_at desc limit ?) s
          cross join lateral ${values.sql}
        where btrim(kv.value) <> ''
        group by kv.type, kv.value
      ) ranked
      where position <= ?
      order by type, position`,
    [scope.projectId, scope.since, FILTER_VALUES_SESSIONS, ...values.params, perKey],
  );
  const byType = new Map<string, string[]>(attributes.map((a) => [a.type, []]));
  for (const row of rows) byType.get(row.type)?.push(row.value);
  return byType;
}
