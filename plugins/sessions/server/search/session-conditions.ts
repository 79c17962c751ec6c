import { allOf, anyOf, sql, trusted, type SqlFragment } from '@cassette/plugin-sdk/server';
import { watchdogIdOfKey } from '../../shared/watchdogs.js';
import type { CheckedItem } from './filter-validation.js';
import { compareNumber } from './number-match.js';
import { SESSION_KEY_COLUMNS } from './session-key-columns.js';
import { comparisonOf, hasNoText, hasText, textMatch } from './text-match.js';

/** Session attribute keys read `sessions_sessions` under the alias `s`. */
const TEXT_COLUMNS: Record<string, SqlFragment> = Object.fromEntries(Object.entries(SESSION_KEY_COLUMNS).map(([key, column]) => [key, trusted(`s.${column}`)]));

const BYTES_PER_MB = 1024 * 1024;

function textAttribute(item: CheckedItem, column: SqlFragment): SqlFragment {
  const { criterion } = item;
  if (criterion.match !== 'text') throw new Error(`${item.def.key} takes text values`);
  if (criterion.meaning === 'any') return hasText(column);
  if (criterion.meaning === 'none') return hasNoText(column);
  return textMatch(comparisonOf(criterion.meaning), [{ column, values: criterion.values }]);
}

function issueCondition(item: CheckedItem): SqlFragment {
  const { criterion } = item;
  if (criterion.match !== 'text') throw new Error('ISSUE takes issue types');
  if (criterion.meaning === 'any') return sql`(jsonb_array_length(s.issue_types) > 0 or jsonb_array_length(s.watchdogs) > 0)`;
  const builtIn = criterion.values.filter((v) => watchdogIdOfKey(v) === null);
  const watchdogIds = criterion.values.map(watchdogIdOfKey).filter((id): id is number => id !== null);
  const anyOfTypes = anyOf([
    ...(builtIn.length > 0 ? [sql`exists (select 1 from jsonb_array_elements_text(s.issue_types) as it(v) where it.v in (${builtIn}))`] : []),
    // A watchdog rule's sessions: its id among the session's `watchdogs`.
    ...watchdogIds.map((id) => sql`s.watchdogs @> ${JSON.stringify([id])}::jsonb`),
  ]);
  return criterion.meaning === 'notEquals' ? sql`not ${anyOfTypes}` : anyOfTypes;
}

/** A performance average: compared with the threshold, or just measured when none was given. */
function averageCondition(item: CheckedItem, column: SqlFragment, scale: number): SqlFragment {
  return item.threshold ? compareNumber(column, item.threshold.comparison, item.threshold.value * scale) : sql`${column} is not null`;
}

/**
 * A date operator on a value read as a time (null when it holds none, so it never matches):
 * before and after compare with the moment given, within last with now less the span.
 */
function dateCondition(item: CheckedItem, time: SqlFragment): SqlFragment {
  const { criterion } = item;
  if (criterion.match === 'withinLast') return sql`${time} >= now() - ${criterion.spanMs} * interval '1 millisecond'`;
  if (criterion.match !== 'date') throw new Error(`${item.def.key} takes a date here`);
  const at = new Date(criterion.at);
  return criterion.operator === 'before' ? sql`${time} < ${at}::timestamptz` : sql`${time} > ${at}::timestamptz`;
}

/** One session attribute item as a condition on `s`. */
export function sessionCondition(item: CheckedItem): SqlFragment {
  const { def, criterion } = item;
  const column = TEXT_COLUMNS[def.key];
  if (column) return textAttribute(item, column);
  switch (def.key) {
    case 'METADATA':
      if (criterion.match === 'date' || criterion.match === 'withinLast') return dateCondition(item, sql`sessions_metadata_time(s.metadata->>${item.metadataKey!})`);
      return textAttribute(item, sql`(s.metadata->>${item.metadataKey!})`);
    case 'DURATION': {
      if (criterion.match !== 'durationRange') throw new Error('DURATION takes a range');
      return allOf([
        ...(criterion.min !== null ? [sql`s.duration_ms >= ${criterion.min}`] : []),
        ...(criterion.max !== null ? [sql`s.duration_ms <= ${criterion.max}`] : []),
      ]);
    }
    case 'ISSUE':
      return issueCondition(item);
    case 'AVG_CPU_LOAD':
      return averageCondition(item, trusted('s.avg_cpu'), 1);
    case 'AVG_MEMORY_USAGE':
      return averageCondition(item, trusted('s.avg_memory_used'), BYTES_PER_MB);
    default:
      throw new Error(`${def.key} is not a session attribute`);
  }
}
