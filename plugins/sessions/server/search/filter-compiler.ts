import { allOf, badRequest, sql, type SqlFragment } from '@cassette/plugin-sdk/server';
import type { FilterCompileContext, FilterItemWords, SessionFilterCompiler } from '../../api.js';
import type { SearchFilterItem, SessionSearchFilter } from '../../shared/search.js';
import { filterKeyDef, METADATA_FILTER, OPERATOR_LABELS, type NumberOperator, type TextOperator } from '../../shared/filter-catalogue.js';
import { eventMatch } from './event-conditions.js';
import { eventExists, eventSequence, stepRows, type EventRange } from './event-sequence.js';
import { checkFilter, checkItem, MAX_EPOCH_MS, type CheckedItem } from './filter-validation.js';
import { sessionCondition } from './session-conditions.js';

function assertProjectId(projectId: number): void {
  // Server code passes the checked route parameter; anything else is a bug, not user input.
  if (!Number.isSafeInteger(projectId)) throw new Error(`not a project id: ${String(projectId)}`);
}

function assertReader(context: FilterCompileContext): void {
  // The reader decides which keys a filter may use: a caller without one is a bug, never "may read everything".
  if (typeof context?.reader?.admin !== 'boolean' || typeof context.reader.permissions?.has !== 'function') throw new Error('the filter compiler needs the reader (context.reader: the caller, or the user a job runs for)');
}

function rangeBound(value: unknown, name: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_EPOCH_MS) {
    throw badRequest(`${name} must be a time in epoch milliseconds (a whole number from 0 to ${MAX_EPOCH_MS}) or null`);
  }
  return value;
}

/**
 * The session search's filter compiler (the `sessions.filterCompiler` service): a session
 * search filter becomes SQL over `sessions_sessions s` and `sessions_events`, every value
 * a parameter. Semantics: README "Session search". Every method takes the reader: a key on
 * Developer Tools data is refused here, so funnels, metrics and alerts cannot skip the check.
 */
export class SessionFilterCompilerImpl implements SessionFilterCompiler {
  describe(item: SearchFilterItem): FilterItemWords {
    const def = filterKeyDef(item.type);
    const keyLabel = def?.label ?? (item.label?.trim() || item.type);
    const operator = item.operator || def?.defaultOperator || 'is';
    return { keyLabel, operator, operatorLabel: OPERATOR_LABELS[operator as TextOperator | NumberOperator] ?? operator };
  }

  sessionConditions(projectId: number, filter: SessionSearchFilter, context: FilterCompileContext): SqlFragment {
    assertProjectId(projectId);
    assertReader(context);
    const f = checkFilter(filter, context);
    // Events cannot precede their session: the lower bound lets the event indexes on ts help.
    const range: EventRange = { since: f.startDate };
    const parts: SqlFragment[] = [sql`s.project_id = ${projectId}`];
    if (f.startDate !== null) parts.push(sql`s.started_at >= ${new Date(f.startDate)}`);
    if (f.endDate !== null) parts.push(sql`s.started_at <= ${new Date(f.endDate)}`);
    if (f.minDuration !== null) parts.push(sql`s.duration_ms >= ${f.minDuration}`);
    if (f.maxDuration !== null) parts.push(sql`s.duration_ms <= ${f.maxDuration}`);
    // Without a viewer (an alert, a metric) there are no bookmarks to keep to: the flag is ignored.
    if (f.bookmarked && context.viewerId !== undefined) {
      parts.push(sql`exists (select 1 from sessions_favorites bf where bf.session_id = s.session_id and bf.user_id = ${context.viewerId})`);
    }
    parts.push(...f.attributes.map(sessionCondition));
    parts.push(...f.requiredEvents.map((item) => eventExists(projectId, eventMatch(item), range)));
    parts.push(eventSequence(projectId, f.steps.map(eventMatch), f.eventsOrder, f.strict, range));
    return allOf(parts);
  }

  sessionsMatching(projectId: number, filter: SessionSearchFilter, context: FilterCompileContext): SqlFragment {
    return sql`select s.session_id from sessions_sessions s where ${this.sessionConditions(projectId, filter, context)}`;
  }

  eventsMatching(projectId: number, item: SearchFilterItem, range: { startDate?: number | null; endDate?: number | null }, context: FilterCompileContext): SqlFragment {
    assertProjectId(projectId);
    assertReader(context);
    const since = rangeBound(range.startDate, 'startDate');
    const until = rangeBound(range.endDate, 'endDate');
    const checked = checkItem(item, 'step', context) ?? anyEventOf(item);
    if (!checked.def.isEvent) throw badRequest(`step: ${checked.def.key} is a session attribute, not an event; a step needs an event key such as LOCATION, CLICK, INPUT or CUSTOM`);
    const rows = stepRows(projectId, eventMatch(checked), 'e', { since, until }, null);
    return sql`select e.session_id, e.ts, e.seq, e.idx from sessions_events e where ${rows}`;
  }
}

/** A funnel step with no value to match (dropped from a search) still names its kind of event: any event of it. */
function anyEventOf(item: SearchFilterItem): CheckedItem {
  // Only keys checkItem knows reach here; a project metadata key is a session attribute.
  const def = filterKeyDef(item.type) ?? METADATA_FILTER;
  return { def, criterion: { match: 'text', meaning: 'any', values: [] }, threshold: null, metadataKey: null, subFilters: [] };
}
