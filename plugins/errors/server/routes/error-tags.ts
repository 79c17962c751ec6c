import { sql, trusted, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { ErrorTag } from '../../api.js';

/** The tags the detail shows, by column of `errors_occurrences`. */
const TAG_COLUMNS: Record<ErrorTag['name'], string> = { browser: 'browser', os: 'os', device: 'device', country: 'country', url: 'url' };
/** Spec part 2 §9: top 5 per tag. */
export const TOP_TAG_VALUES = 5;

/**
 * The top values of each tag over the group's occurrences, with their share of all
 * occurrences; occurrences with another value (or none) are summed in `others`.
 */
export async function errorTags(run: SqlRunner, projectId: number, errorId: string, total: number): Promise<ErrorTag[]> {
  const names = Object.keys(TAG_COLUMNS) as ErrorTag['name'][];
  const columns = names.map((name) => TAG_COLUMNS[name]);
  // Tag names and columns come from TAG_COLUMNS, never from a request.
  const tagOf = trusted(names.map((name) => `when grouping(${TAG_COLUMNS[name]}) = 0 then '${name}'`).join(' '));
  const valueOf = trusted(columns.map((c) => `case when grouping(${c}) = 0 then ${c} end`).join(', '));
  const sets = trusted(columns.map((c) => `(${c})`).join(', '));
  // One pass over the group's occurrences for every tag (grouping sets), then the top values of each.
  const rows = await run<{ tag: ErrorTag['name']; value: string; n: number }>(sql`select tag, value, n from (
       select tag, value, n, row_number() over (partition by tag order by n desc, value) as rank from (
         select case ${tagOf} end as tag,
                coalesce(${valueOf}) as value,
                count(*)::int as n
         from errors_occurrences where project_id = ${projectId} and error_id = ${errorId}
         group by grouping sets (${sets})
       ) counted where value is not null
     ) ranked where rank <= ${TOP_TAG_VALUES}`);
  return names.map((name) => {
    const top = rows.filter((r) => r.tag === name).sort((a, b) => b.n - a.n || a.value.localeCompare(b.value));
    const values = top.map((r) => ({ value: r.value, count: Number(r.n), percentage: total ? Math.round((Number(r.n) / total) * 1000) / 10 : 0 }));
    return { name, values, others: Math.max(0, total - values.reduce((sum, v) => sum + v.count, 0)) };
  });
}
