import { coreServices, type ServiceFactory } from '@cassette/plugin-sdk/server';
import { metricsServices, type MetricSeriesDefinition, type MetricSeriesReader } from '../api.js';
import type { TimeseriesMetricOf } from '../shared/metric.js';
import { findInProject, listVisibleCustom, type StoredMetric } from './store/metric-store.js';

const readerDeps = { database: coreServices.database };

/** A metric's series as definitions: timeseries only (a table's rows are not one number). */
function definitions(metric: StoredMetric): MetricSeriesDefinition[] {
  if (metric.metricType !== 'timeseries') return [];
  return metric.series.map((series) => ({ metricId: metric.metricId, metricName: metric.name, metricOf: metric.metricOf as TimeseriesMetricOf, series }));
}

/** Custom metrics' series for other plugins, with the visibility the metrics routes apply (own or public). */
export const metricSeriesReaderService: ServiceFactory<MetricSeriesReader, typeof readerDeps> = {
  ref: metricsServices.seriesReader,
  deps: readerDeps,
  create: ({ database }) => ({
    async list(projectId, userId) {
      const { metrics } = await listVisibleCustom(database.sql, projectId, userId, { limit: 1000, offset: 0 });
      return metrics.flatMap(definitions);
    },
    async get(projectId, userId, metricId, seriesIndex) {
      const metric = await findInProject(database.sql, projectId, metricId);
      if (!metric || !(metric.isPublic || metric.userId === userId)) return null;
      return definitions(metric).find((d) => d.series.index === seriesIndex) ?? null;
    },
  }),
};
