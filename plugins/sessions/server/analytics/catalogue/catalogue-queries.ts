import { sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { FilterCompileContext, SessionFilterCompiler } from '../../../api.js';
import {
  CATALOGUE_DEV_TOOLS_WIDGETS,
  CATALOGUE_SEARCHABLE_WIDGETS,
  type CatalogueSearchAnswer,
  type CatalogueSearchQuery,
  type CatalogueWidgetAnswer,
  type CatalogueWidgetQuery,
} from '../../../shared/catalogue-analytics.js';
import { devToolsRefusal, holdsDevTools } from '../../dev-tools-access.js';
import { runAnalytics } from '../analytics-statement.js';
import { checkSearchQuery, checkWidgetQuery } from './catalogue-input.js';
import { ERROR_WIDGETS } from './error-widgets.js';
import { OVERVIEW_MEASURES, overviewWidget } from './overview-widgets.js';
import { PERFORMANCE_WIDGETS } from './performance-widgets.js';
import { RESOURCE_WIDGETS } from './resource-widgets.js';
import { UNAVAILABLE_WIDGETS } from './unavailable-widgets.js';
import { eventRows } from './widget-sql.js';

/** The predefined dashboard widgets on PostgreSQL (and PGlite). */
export interface CatalogueQueries {
  catalogueWidget(query: CatalogueWidgetQuery, context: FilterCompileContext): Promise<CatalogueWidgetAnswer>;
  catalogueSearch(query: CatalogueSearchQuery, context: FilterCompileContext): Promise<CatalogueSearchAnswer>;
}

const FAMILIES = { ...ERROR_WIDGETS, ...PERFORMANCE_WIDGETS, ...RESOURCE_WIDGETS };

export function catalogueQueries(run: SqlRunner, compiler: SessionFilterCompiler): CatalogueQueries {
  return {
    async catalogueWidget(query, context) {
      const input = checkWidgetQuery(query);
      const { key } = input;
      if (CATALOGUE_DEV_TOOLS_WIDGETS.has(key) && !holdsDevTools(context.reader)) throw devToolsRefusal(`the ${key} widget`);
      const reason = UNAVAILABLE_WIDGETS[key];
      if (reason) return { key, kind: 'unavailable', reason };
      const scope = { run, compiler, context, input };
      const measure = OVERVIEW_MEASURES[key];
      if (measure) return overviewWidget(scope, measure);
      const family = FAMILIES[key];
      if (!family) throw new Error(`catalogue widget ${key} has no implementation`);
      return family(scope);
    },

    async catalogueSearch(query, context) {
      const q = checkSearchQuery(query);
      const of = CATALOGUE_SEARCHABLE_WIDGETS[q.key];
      if (of === 'resource' && !holdsDevTools(context.reader)) throw devToolsRefusal(`the ${q.key} widget's search`);
      const input = { ...checkWidgetQuery({ projectId: q.projectId, key: q.key, range: q.range }) };
      const scope = { run, compiler, context, input };
      const column = of === 'page' ? sql`e.path` : sql`e.url`;
      const rows = eventRows(scope, q.range, [of === 'page' ? 'LOCATION' : 'RESOURCE'], sql`${column} as value`, sql`${column} is not null and strpos(lower(${column}), ${q.text.toLowerCase()}) > 0`);
      const found = await runAnalytics<{ value: string; n: number }>(run, sql`
        select value, count(*)::int as n from (${rows}) r group by value order by n desc, value collate "C" limit ${q.limit}`);
      return { values: found.map((f) => ({ value: f.value, count: Number(f.n) })) };
    },
  };
}
