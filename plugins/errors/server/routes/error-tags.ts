import type { EntityManager } from '@mikro-orm/core';
import type { ErrorTag } from '../../api.js';
import { sql } from './error-lookup.js';

/** The tags the detail shows, by column of `errors_occurrences`. */
const TAG_COLUMNS: Record<ErrorTag['name'], string> = { browser: 'browser', os: 'os', device: 'device', country: 'country', url: 'url' };
/** Spec part 2 §9: top 5 per tag. */
export const TOP_TAG_VALUES = 5;

/**
 * The top values of each tag over the group's occurrences, with their share of all
 * occurrences; occurrences with another value (or none) are summed in `others`.
 */
export async function errorTags(em: EntityManager, projectId: number, errorId: string, total: number): Promise<ErrorTag[]> {
  const names = Object.keys(TAG_COLUMNS) as ErrorTag['name'][];
  const columns = names.map((name) => TAG_COLUMNS[name]);
  // One pass over the group's occurrences for every tag (grouping sets), then the top values of each.
  const rows = await sql<{ tag: ErrorTag['name']; value: string; n: number }>(
    em,
    `select tag, value, n from (
       select tag, value, n, row_number() over (partition by tag order by n desc, value) as rank from (
         select case ${names.map((name) => `when grouping(${TAG_COLUMNS[name]}) = 0 then '${name}'`).join(' ')} end as tag,
                coalesce(${columns.map((c) => `case when grouping(${c}) = 0 then ${c} end`).join(', ')}) as value,
                count(*)::int as n
         from errors_occurrences where project_id = ? and error_id = ?
         group by grouping sets (${columns.map((c) => `(${c})`).join(', ')})
       ) counted where value is not null
     ) ranked where rank <= ${TOP_TAG_VALUES}`,
    [projectId, errorId],
  );
  return names.map((name) => {
    const top = rows.filter((r) => r.tag === name).sort((a, b) => b.n - a.n || a.value.localeCompare(b.value));
    const values = top.map((r) => ({ value: r.value, count: Number(r.n), percentage: total ? Math.round((Number(r.n) / total) * 1000) / 10 : 0 }));
    return { name, values, others: Math.max(0, total - values.reduce((sum, v) => sum + v.count, 0)) };
  });
}
