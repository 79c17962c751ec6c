import { badRequest } from '@cassette/plugin-sdk/server';
import type { SessionSearchFilter } from '@cassette/plugin-sessions/api';
import {
  ALL_ISSUES,
  DEFAULT_METRIC_NAME,
  DEFAULT_SERIES_NAME,
  MAX_SERIES,
  METRIC_FORMATS,
  METRIC_NAME_MAX,
  TABLE_METRIC_OF,
  TABLE_VIEW_TYPES,
  TIMESERIES_METRIC_OF,
  TIMESERIES_VIEW_TYPES,
  type MetricFormat,
  type TableMetricOf,
  type TimeseriesMetricOf,
  type CustomViewType,
} from '../../shared/metric.js';

export type CustomMetricType = 'timeseries' | 'table';

/** A custom metric's definition as stored: every field decided, checked against its type. */
export interface MetricDefinition {
  name: string;
  metricType: CustomMetricType;
  metricOf: TimeseriesMetricOf | TableMetricOf;
  metricValue: string[];
  metricFormat: MetricFormat;
  viewType: CustomViewType;
  isPublic: boolean;
  /** In order; `seriesId` keeps an existing series of the metric. */
  series: { seriesId?: number; name: string; filter: SessionSearchFilter }[];
}

/** A metric body as the schema lets it through: option names are checked here, against the metric's type. */
export interface MetricInput {
  name?: string;
  metricType?: string;
  metricOf?: string;
  metricValue?: string[];
  metricFormat?: string;
  viewType?: string;
  series?: { seriesId?: number; name?: string; filter?: object }[];
  isPublic?: boolean;
}

const OPTIONS: Record<CustomMetricType, { metricOf: readonly string[]; viewTypes: readonly string[] }> = {
  timeseries: { metricOf: TIMESERIES_METRIC_OF, viewTypes: TIMESERIES_VIEW_TYPES },
  table: { metricOf: TABLE_METRIC_OF, viewTypes: TABLE_VIEW_TYPES },
};

/** Spec §5: a metric's name cannot be empty. Absent means the default ('New Metric'); at most METRIC_NAME_MAX characters, printable. */
export function metricName(raw: string | undefined, fallback = DEFAULT_METRIC_NAME): string {
  if (raw === undefined) return fallback;
  const name = raw.trim();
  if (name === '') throw badRequest('A metric name cannot be empty.');
  if (name.length > METRIC_NAME_MAX) throw badRequest(`A metric name has at most ${METRIC_NAME_MAX} characters.`);
  if (/\p{Cc}/u.test(name)) throw badRequest('A metric name cannot contain control characters (tabs, line breaks, ...).');
  return name;
}

function metricTypeOf(raw: string | undefined, fallback: CustomMetricType): CustomMetricType {
  if (raw === undefined) return fallback;
  if (raw === 'predefined') throw badRequest('Predefined metrics come from the catalogue: add one to a dashboard by its key (predefinedKey); they cannot be created or edited.');
  if (raw !== 'timeseries' && raw !== 'table') throw badRequest(`metricType must be timeseries or table; got ${JSON.stringify(raw)}`);
  return raw;
}

function seriesOf(input: MetricInput['series'], fallback: MetricDefinition['series'] | undefined, metricType: CustomMetricType): MetricDefinition['series'] {
  const series = input
    ? input.map((s, i) => {
        const name = (s.name ?? '').trim();
        if (name.length > METRIC_NAME_MAX) throw badRequest(`Series ${i + 1}: a series name has at most ${METRIC_NAME_MAX} characters.`);
        return { ...(s.seriesId !== undefined ? { seriesId: s.seriesId } : {}), name: name || DEFAULT_SERIES_NAME, filter: (s.filter ?? {}) as SessionSearchFilter };
      })
    : (fallback ?? [{ name: DEFAULT_SERIES_NAME, filter: {} }]);
  if (series.length === 0) throw badRequest('A metric needs at least one series.');
  if (series.length > MAX_SERIES) throw badRequest(`A metric has at most ${MAX_SERIES} series; this one has ${series.length}.`);
  // A table keeps its first series when it was a timeseries of several and no series were given.
  if (metricType === 'table' && series.length > 1) {
    if (input) throw badRequest(`A table metric has exactly one series; this one has ${series.length}.`);
    return series.slice(0, 1);
  }
  const ids = series.flatMap((s) => (s.seriesId !== undefined ? [s.seriesId] : []));
  if (new Set(ids).size !== ids.length) throw badRequest('A series appears twice (the same seriesId).');
  return series;
}

/**
 * The metric a body describes, over `current` (a PUT changes what it gives and keeps the rest;
 * POST starts from the defaults). Changing the type resets metricOf and viewType to the new
 * type's first options unless the body gives them (spec §4); choosing Issues with no values
 * sets metricValue to all.
 */
export function metricDefinition(body: MetricInput, current?: MetricDefinition): MetricDefinition {
  const metricType = metricTypeOf(body.metricType, current?.metricType ?? 'timeseries');
  const sameType = current?.metricType === metricType;
  const options = OPTIONS[metricType];
  const metricOf: string = body.metricOf ?? (sameType ? current!.metricOf : options.metricOf[0]!);
  if (!options.metricOf.includes(metricOf)) throw badRequest(`metricOf of a ${metricType} metric must be one of: ${options.metricOf.join(', ')}; got ${JSON.stringify(metricOf)}`);
  const viewType: string = body.viewType ?? (sameType ? current!.viewType : options.viewTypes[0]!);
  if (!options.viewTypes.includes(viewType)) throw badRequest(`viewType of a ${metricType} metric must be one of: ${options.viewTypes.join(', ')}; got ${JSON.stringify(viewType)}`);
  const metricFormat = (body.metricFormat ?? current?.metricFormat ?? 'sessionCount') as MetricFormat;
  if (!METRIC_FORMATS.includes(metricFormat)) throw badRequest(`metricFormat must be one of: ${METRIC_FORMATS.join(', ')}; got ${JSON.stringify(metricFormat)}`);
  const givenValues = body.metricValue ?? (current && current.metricOf === metricOf ? current.metricValue : []);
  const metricValue = metricOf === 'issues' ? (givenValues.length === 0 ? [ALL_ISSUES] : [...new Set(givenValues)]) : [];
  return {
    name: metricName(body.name, current?.name),
    metricType,
    metricOf: metricOf as MetricDefinition['metricOf'],
    metricValue,
    metricFormat,
    viewType: viewType as CustomViewType,
    isPublic: body.isPublic ?? current?.isPublic ?? true,
    series: seriesOf(body.series, current?.series, metricType),
  };
}

/** A stored custom metric's definition, for a change to start from. */
export function storedDefinition(m: { name: string; metricType: string; metricOf: string; metricValue: string[]; metricFormat: MetricFormat; viewType: string; isPublic: boolean; series: { seriesId: number; name: string; filter: SessionSearchFilter }[] }): MetricDefinition {
  return {
    name: m.name,
    metricType: m.metricType as CustomMetricType,
    metricOf: m.metricOf as MetricDefinition['metricOf'],
    metricValue: m.metricValue,
    metricFormat: m.metricFormat,
    viewType: m.viewType as CustomViewType,
    isPublic: m.isPublic,
    series: m.series.map((s) => ({ seriesId: s.seriesId, name: s.name, filter: s.filter })),
  };
}
