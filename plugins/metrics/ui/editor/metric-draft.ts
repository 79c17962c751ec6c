// The metric editor's rules (spec part 1 §4 "Metric editor", §5 series), as pure changes of a draft.
import type { SessionSearchFilter } from '@cassette/plugin-sessions/api';
import { DEFAULT_METRIC_NAME, MAX_SERIES } from '../constants.js';
import { ALL_ISSUES, ISSUE_METRIC_OF, metricOfOptions, viewOptions } from '../common/metric-options.js';
import type { DraftSeries, Metric, MetricBody, MetricDraft, MetricOf, MetricType, ViewType } from '../wire.js';

/** 'Series 1', 'Series 2', ... by position. */
export const seriesDefaultName = (index: number) => `Series ${index + 1}`;

/** A blank name shows the default. */
export const seriesLabel = (series: DraftSeries, index: number) => (series.name.trim() ? series.name : seriesDefaultName(index));

const emptyFilter = (): SessionSearchFilter => ({ events: [], filters: [], eventsOrder: 'then' });

export const newSeries = (index: number): DraftSeries => ({ index, name: seriesDefaultName(index), filter: emptyFilter() });

/** A new metric: a timeseries of session counts, drawn as a line chart, with one blank series. */
export function newMetricDraft(): MetricDraft {
  return {
    name: DEFAULT_METRIC_NAME,
    metricType: 'timeseries',
    metricOf: metricOfOptions('timeseries')[0]!.value,
    metricValue: [],
    metricFormat: 'sessionCount',
    viewType: viewOptions('timeseries')[0]!.value,
    series: [newSeries(0)],
    isPublic: true,
  };
}

const reindex = (series: DraftSeries[]) => series.map((s, index) => ({ ...s, index }));

/**
 * Timeseries resets metricOf to its first option and the view to a line chart; table resets
 * metricOf to its first option and the view to a table, and keeps only the first series.
 */
export function changeType(draft: MetricDraft, metricType: MetricType): MetricDraft {
  if (metricType === 'predefined' || metricType === draft.metricType) return draft;
  const metricOf = metricOfOptions(metricType)[0]!.value;
  return {
    ...draft,
    metricType,
    metricOf,
    metricValue: metricOf === ISSUE_METRIC_OF ? [...ALL_ISSUES] : [],
    viewType: viewOptions(metricType)[0]!.value,
    series: metricType === 'table' ? draft.series.slice(0, 1) : draft.series,
  };
}

/** Choosing Issues sets metricValue to all; another option clears it. */
export function changeMetricOf(draft: MetricDraft, metricOf: MetricOf): MetricDraft {
  if (!metricOfOptions(draft.metricType).some((o) => o.value === metricOf)) return draft;
  return { ...draft, metricOf, metricValue: metricOf === ISSUE_METRIC_OF ? [...ALL_ISSUES] : [] };
}

export function changeView(draft: MetricDraft, viewType: ViewType): MetricDraft {
  return viewOptions(draft.metricType).some((o) => o.value === viewType) ? { ...draft, viewType } : draft;
}

/** Adding is refused at 3 series, and for a table metric (one series). */
export const canAddSeries = (draft: MetricDraft) => draft.metricType !== 'table' && draft.series.length < MAX_SERIES;
/** Deleting is allowed only while more than one series exists. */
export const canRemoveSeries = (draft: MetricDraft) => draft.series.length > 1;

export function addSeries(draft: MetricDraft): MetricDraft {
  return canAddSeries(draft) ? { ...draft, series: [...draft.series, newSeries(draft.series.length)] } : draft;
}

export function removeSeries(draft: MetricDraft, index: number): MetricDraft {
  if (!canRemoveSeries(draft) || !draft.series[index]) return draft;
  return { ...draft, series: reindex(draft.series.filter((_, i) => i !== index)) };
}

export function renameSeries(draft: MetricDraft, index: number, name: string): MetricDraft {
  if (!draft.series[index]) return draft;
  return { ...draft, series: draft.series.map((s, i) => (i === index ? { ...s, name } : s)) };
}

export function changeSeriesFilter(draft: MetricDraft, index: number, filter: SessionSearchFilter): MetricDraft {
  if (!draft.series[index]) return draft;
  return { ...draft, series: draft.series.map((s, i) => (i === index ? { ...s, filter } : s)) };
}

/** The editor's copy of a saved metric. */
export function draftOf(metric: Metric): MetricDraft {
  const { name, metricType, metricOf, metricValue, metricFormat, viewType, isPublic } = metric;
  return { name, metricType, metricOf, metricValue: [...metricValue], metricFormat, viewType, isPublic, series: metric.series.map(({ seriesId, index, name: seriesName, filter }) => ({ seriesId, index, name: seriesName, filter })) };
}

/** The body of a save or a try: custom metrics only (predefined ones are not edited). */
export function bodyOf(draft: MetricDraft): MetricBody {
  const saved = draftToSave(draft);
  return {
    name: saved.name,
    metricType: saved.metricType === 'table' ? 'table' : 'timeseries',
    metricOf: saved.metricOf as MetricBody['metricOf'],
    metricValue: saved.metricValue,
    metricFormat: saved.metricFormat,
    viewType: saved.viewType as MetricBody['viewType'],
    isPublic: saved.isPublic,
    series: saved.series.map(({ seriesId, name, filter }) => (seriesId === undefined ? { name, filter } : { seriesId, name, filter })),
  };
}

/** Names cannot be empty (spec part 1 §5). */
export const isNameValid = (name: string) => name.trim().length > 0;

/** What is sent: blank series names take their default, values-less filter rows are dropped. */
export function draftToSave(draft: MetricDraft): MetricDraft {
  return {
    ...draft,
    name: draft.name.trim(),
    series: draft.series.map((s, index) => ({
      ...s,
      index,
      name: s.name.trim() || seriesDefaultName(index),
      filter: { ...s.filter, events: (s.filter.events ?? []).filter(hasValue), filters: (s.filter.filters ?? []).filter(hasValue) },
    })),
  };
}

const VALUELESS_OPERATORS = new Set(['isAny', 'onAny', 'onAnything', 'hasAnyValue', 'hasNoValue', 'isUndefined']);
function hasValue(item: { operator?: string; value?: unknown[] }): boolean {
  if (item.operator && VALUELESS_OPERATORS.has(item.operator)) return true;
  return (item.value ?? []).some((v) => v !== '' && v !== null && v !== undefined);
}
