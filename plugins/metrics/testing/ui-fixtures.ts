// Answers of the metrics and dashboards routes as the pages read them, for the UI tests.
import type { SessionSummary } from '@cassette/plugin-sessions/api';
import type { Metric, Series } from '../shared/metric.js';
import type { Dashboard, Widget } from '../shared/dashboard.js';
import type { TableChart, TimeseriesChart } from '../shared/chart.js';

export const FIXTURE_PROJECT_ID = 7;
const CREATED = Date.UTC(2026, 10, 1);

export function series(overrides: Partial<Series> = {}): Series {
  return { seriesId: 1, index: 0, name: 'Series 1', filter: { events: [], filters: [] }, ...overrides };
}

export function metric(overrides: Partial<Metric> = {}): Metric {
  return {
    metricId: 1,
    projectId: FIXTURE_PROJECT_ID,
    userId: 1,
    owner: 'olivia@shop.test',
    name: 'Visits',
    metricType: 'timeseries',
    metricOf: 'sessionCount',
    metricValue: [],
    metricFormat: 'sessionCount',
    viewType: 'lineChart',
    series: [series()],
    isPublic: true,
    predefinedKey: null,
    createdAt: CREATED,
    lastModified: CREATED,
    dashboards: [],
    ...overrides,
  };
}

export function widget(widgetId: number, position: number, overrides: Partial<Widget> = {}): Widget {
  const base = metric({ metricId: widgetId * 10, name: `Widget ${widgetId}`, ...overrides });
  const config = overrides.config ?? { position, col: 2, row: 2 };
  return { ...base, widgetId, dashboardId: 1, config, position: config.position, colSpan: config.col, ...overrides };
}

export function dashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  const widgets = overrides.widgets ?? [];
  return {
    dashboardId: 1,
    projectId: FIXTURE_PROJECT_ID,
    userId: 1,
    owner: 'olivia@shop.test',
    name: 'Ops',
    description: '',
    isPublic: true,
    isPinned: false,
    widgets,
    metrics: widgets.map((w) => w.metricId),
    createdAt: CREATED,
    ...overrides,
  };
}

/** A timeseries answer: each series gets `points` buckets of a day from `start`, values from `values`. */
export function timeseriesChart(start: number, names: string[], values: number[][], previous?: number[][]): TimeseriesChart {
  const day = 86_400_000;
  return {
    metricType: 'timeseries',
    metricOf: 'sessionCount',
    startTimestamp: start,
    endTimestamp: start + values[0]!.length * day - 1,
    bucketMs: day,
    ...(previous ? { previousPeriod: { startTimestamp: start - values[0]!.length * day, endTimestamp: start - 1 } } : {}),
    series: names.map((name, index) => ({
      seriesId: index + 1,
      index,
      name,
      points: values[index]!.map((value, i) => ({ timestamp: start + i * day, value })),
      total: values[index]!.reduce((a, b) => a + b, 0),
      ...(previous ? { previous: { points: previous[index]!.map((value, i) => ({ timestamp: start - (values[0]!.length - i) * day, value })), total: previous[index]!.reduce((a, b) => a + b, 0) } } : {}),
    })),
  };
}

export function tableChart(rows: [string, number][], total = rows.reduce((a, [, v]) => a + v, 0), others = 0): TableChart {
  return {
    metricType: 'table',
    metricOf: 'browsers',
    metricFormat: 'sessionCount',
    startTimestamp: 0,
    endTimestamp: 1,
    rows: rows.map(([name, value]) => ({ name, label: name, value, share: Math.round((value / total) * 1000) / 10 })),
    total,
    others,
  };
}

export function sessionSummary(sessionId: string): SessionSummary {
  return {
    sessionId,
    projectId: FIXTURE_PROJECT_ID,
    startedAt: CREATED,
    duration: 60_000,
    viewed: false,
    favorite: false,
  } as unknown as SessionSummary;
}
