import { sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { FilterCompileContext, SessionFilterCompiler } from '../../api.js';
import type { SlowestPagesAnswer, SlowestPagesQuery } from '../../shared/analytics.js';
import { checkLimit, checkProjectId, checkQuery, checkRange } from './analytics-input.js';
import { bucketsOf } from './catalogue/catalogue-input.js';
import { average, count, eventRows, ranked, type WidgetScope } from './catalogue/widget-sql.js';

/**
 * Page paths by their average load time (navigation start to the load event), the way the
 * catalogue's Page Load Time widget measures it: page views of sessions started within the range,
 * viewed within it, whose browser reported a load time.
 */
export async function slowestPages(run: SqlRunner, compiler: SessionFilterCompiler, query: SlowestPagesQuery, context: FilterCompileContext): Promise<SlowestPagesAnswer> {
  const q = checkQuery(query);
  const projectId = checkProjectId(q.projectId);
  const range = checkRange(q.range);
  const limit = checkLimit(q.limit);
  // The catalogue's scope, as the Page Load Time widget would ask with one bucket.
  const input = { projectId, key: 'avg_page_load_time' as const, range, filter: { filters: [] }, ...bucketsOf(range, 1), value: null, resourceKind: null };
  const scope: WidgetScope = { run, compiler, context, input };
  const rows = eventRows(scope, range, ['LOCATION'], sql`e.path as name, e.load_time as v`, sql`e.load_time > 0 and e.path is not null`);
  const found = await ranked(scope, { rows, value: average(sql`v`), details: { views: count().sql }, limit });
  return {
    pages: found.rows.map((row) => ({ path: row.name, averageLoadTime: row.value, views: Number(row.details?.views ?? 0) })),
    others: found.others,
  };
}
