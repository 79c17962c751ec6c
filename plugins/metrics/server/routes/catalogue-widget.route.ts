import { Type } from '@sinclair/typebox';
import { badRequest, notFound } from '@cassette/plugin-sdk/server';
import type { CatalogueSearchAnswer, CatalogueSearchQuery, CatalogueWidgetAnswer, ResourceKind, SearchFilterItem } from '@cassette/plugin-sessions/api';
import { catalogueWidget } from '../../shared/catalogue.js';
import { MAX_DENSITY } from '../../shared/chart.js';
import { route } from '../deps.js';
import { resolvePeriod } from '../chart/period.js';
import { readerContext } from '../input/readable-series.js';
import { chartPeriodProperties } from '../input/metric-body.schema.js';
import { MAX_TEXT_LENGTH, MAX_VALUES } from '../input/series-filter.schema.js';
import { METRICS_ACCESS } from './metrics-access.js';

/** At most this many page paths or resource URLs per search (the widget's value picker). */
export const CATALOGUE_SEARCH_MAX_LIMIT = 100;
const CATALOGUE_SEARCH_DEFAULT_LIMIT = 20;
const MAX_WIDGET_FILTERS = 20;

const widgetParams = Type.Object({ widget: Type.String({ minLength: 1, maxLength: 100 }) });
const searchParams = Type.Object({ metricKey: Type.String({ minLength: 1, maxLength: 100 }) });
const filterValue = Type.Union([Type.String({ maxLength: MAX_TEXT_LENGTH }), Type.Number(), Type.Boolean()]);

/**
 * Spec part 2 §7 `POST /dashboard/{widget_name}`: startTimestamp, endTimestamp, filters as a list
 * of key and value (a session attribute: USERBROWSER, USEROS, USERCOUNTRY, ...), and options —
 * the density of the chart, the page or resource a searchable widget narrows to (`value`), the
 * resource kind of resources_loading_time. `compare` is accepted: the UI asks the compare period
 * as its own request over the earlier range, and overview answers always carry the previous
 * period's value.
 */
const widgetBody = Type.Object(
  {
    ...chartPeriodProperties,
    filters: Type.Optional(
      Type.Array(
        Type.Object(
          {
            key: Type.String({ minLength: 1, maxLength: 100 }),
            value: Type.Union([filterValue, Type.Array(filterValue, { maxItems: MAX_VALUES })]),
            operator: Type.Optional(Type.String({ maxLength: 50 })),
          },
          { additionalProperties: false },
        ),
        { maxItems: MAX_WIDGET_FILTERS },
      ),
    ),
    density: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_DENSITY })),
    compare: Type.Optional(Type.Boolean()),
    value: Type.Optional(Type.String({ maxLength: MAX_TEXT_LENGTH })),
    resourceKind: Type.Optional(Type.String({ maxLength: 50 })),
  },
  { additionalProperties: false },
);

/** The widget, when the catalogue has it; else a 404 naming it (the UI shows 'Widget not supported'). */
function requireWidget(key: string) {
  const widget = catalogueWidget(key);
  if (!widget) throw notFound(`Unknown widget '${key}': GET /metrics/templates lists the widgets.`);
  return widget;
}

/** A widget's filters as session filter items: each key holds one of its values ("is"); the sessions filter compiler checks the keys and answers the 400. */
function widgetFilterItems(filters: readonly { key: string; value: unknown; operator?: string }[]): SearchFilterItem[] {
  return filters.map(({ key, value, operator }) => ({ type: key, operator: operator ?? 'is', value: Array.isArray(value) ? value : [value] }));
}

export const catalogueWidgetRoute = route({
  method: 'POST',
  url: '/dashboard/:widget',
  access: METRICS_ACCESS,
  keepNulls: true,
  summary: "A predefined widget's answer over startTimestamp..endTimestamp (the past 7 days by default): overview, timeseries, table, distribution, map, or why the data is not collected",
  schema: { params: widgetParams, body: widgetBody },
  handler: async ({ params, body, deps, projectId, caller }): Promise<CatalogueWidgetAnswer> => {
    const widget = requireWidget(params.widget);
    const filters = widgetFilterItems(body.filters ?? []);
    return deps.analytics.catalogueWidget(
      {
        projectId,
        key: widget.key,
        range: resolvePeriod(body),
        ...(body.density !== undefined ? { density: body.density } : {}),
        ...(filters.length > 0 ? { filter: { filters } } : {}),
        ...(body.value !== undefined && body.value !== '' ? { value: body.value } : {}),
        // The analytics service names the kinds it knows in its 400.
        ...(body.resourceKind !== undefined && body.resourceKind !== '' ? { resourceKind: body.resourceKind as ResourceKind } : {}),
      },
      await readerContext(deps, projectId, caller),
    );
  },
});

/** Spec part 2 §7 `GET /dashboard/{metricKey}/search`: the page paths (DOM build time, response time, slow pages) or resource URLs (loading time, slowest) a widget can narrow to, most frequent first. */
export const catalogueSearchRoute = route({
  method: 'GET',
  url: '/dashboard/:metricKey/search',
  access: METRICS_ACCESS,
  keepNulls: true,
  summary: 'Page paths or resource URLs containing q (case-insensitive) that a searchable widget can narrow to, over the period, most frequent first',
  schema: {
    params: searchParams,
    querystring: Type.Object({
      q: Type.Optional(Type.String({ maxLength: MAX_TEXT_LENGTH })),
      startTimestamp: Type.Optional(Type.String({ maxLength: 20 })),
      endTimestamp: Type.Optional(Type.String({ maxLength: 20 })),
      limit: Type.Optional(Type.String({ maxLength: 5 })),
    }),
  },
  handler: async ({ params, query, deps, projectId, caller }): Promise<CatalogueSearchAnswer> => {
    const widget = requireWidget(params.metricKey);
    const limit = query.limit === undefined ? CATALOGUE_SEARCH_DEFAULT_LIMIT : wholeNumber('limit', query.limit);
    if (limit < 1 || limit > CATALOGUE_SEARCH_MAX_LIMIT) throw badRequest(`limit must be 1 to ${CATALOGUE_SEARCH_MAX_LIMIT}.`);
    const range = resolvePeriod({
      ...(query.startTimestamp !== undefined ? { startTimestamp: wholeNumber('startTimestamp', query.startTimestamp) } : {}),
      ...(query.endTimestamp !== undefined ? { endTimestamp: wholeNumber('endTimestamp', query.endTimestamp) } : {}),
    });
    // The analytics service refuses, with a 400 naming the searchable widgets, a key that has no pages or resources to pick.
    const key = widget.key as CatalogueSearchQuery['key'];
    return deps.analytics.catalogueSearch({ projectId, key, text: query.q ?? '', range, limit }, await readerContext(deps, projectId, caller));
  },
});

function wholeNumber(name: string, text: string): number {
  if (!/^\d{1,16}$/.test(text)) throw badRequest(`${name} must be a whole number.`);
  return Number(text);
}
