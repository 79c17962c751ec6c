import { coreEvents, definePlugin } from '@cassette/plugin-sdk/server';
import { catalogueSearchRoute, catalogueWidgetRoute } from './server/routes/catalogue-widget.route.js';
import { deleteProjectMetricsJob } from './server/delete-project-metrics.job.js';
import { APPEARANCE_WIDGETS } from './shared/appearance-widgets.js';
import { deps } from './server/deps.js';
import { metricsMigrations } from './server/migrations.js';
import { metricSeriesReaderService } from './server/metric-series-reader.service.js';
import { createDashboardRoute, dashboardDetailRoute, deleteDashboardRoute, listDashboardsRoute, pinDashboardRoute, updateDashboardRoute } from './server/routes/dashboards.route.js';
import { metricChartRoute, metricSessionsRoute, tryMetricChartRoute, tryMetricSessionsRoute } from './server/routes/metric-chart.route.js';
import { createMetricRoute, deleteMetricRoute, listMetricsRoute, metricDetailRoute, metricTemplatesRoute, updateMetricRoute } from './server/routes/metrics.route.js';
import {
  addWidgetRoute,
  createDashboardMetricRoute,
  dashboardWidgetsRoute,
  postDashboardMetricRoute,
  putDashboardMetricRoute,
  removeWidgetRoute,
  updateWidgetRoute,
} from './server/routes/widgets.route.js';
import { deleteProjectMetrics } from './server/store/project-cleanup.js';

/**
 * Metrics: custom metrics (sessions or users over time, or per browser, device, country, URL,
 * issue), the predefined widget catalogue, and the dashboards that arrange them. The sessions
 * plugin's analytics service does every count (README.md).
 */
export default definePlugin({
  id: 'metrics',
  deps,
  register(r) {
    r.migrations(...metricsMigrations);
    r.appearanceWidgets(APPEARANCE_WIDGETS);
    r.provide(metricSeriesReaderService);
    // Fastify matches the static `/metrics/templates` and `/metrics/try` before `/metrics/:metricId`, whatever the order here.
    r.route(listMetricsRoute);
    r.route(metricTemplatesRoute);
    r.route(createMetricRoute);
    r.route(metricDetailRoute);
    r.route(updateMetricRoute);
    r.route(deleteMetricRoute);
    r.route(metricChartRoute);
    r.route(tryMetricChartRoute);
    r.route(metricSessionsRoute);
    r.route(tryMetricSessionsRoute);
    r.route(listDashboardsRoute);
    r.route(createDashboardRoute);
    r.route(dashboardDetailRoute);
    r.route(updateDashboardRoute);
    r.route(deleteDashboardRoute);
    r.route(pinDashboardRoute);
    r.route(dashboardWidgetsRoute);
    r.route(addWidgetRoute);
    r.route(updateWidgetRoute);
    r.route(removeWidgetRoute);
    r.route(createDashboardMetricRoute);
    r.route(putDashboardMetricRoute);
    r.route(postDashboardMetricRoute);
    r.route(catalogueWidgetRoute);
    r.route(catalogueSearchRoute);
    r.on(coreEvents.projectDeleted, async ({ projectId }, { deps }) => {
      await deps.jobs.enqueue(deleteProjectMetricsJob, { projectId }, { jobId: `metrics-delete-project-${projectId}` });
    });
    r.job(deleteProjectMetricsJob, async ({ projectId }, { deps }) => void (await deleteProjectMetrics(deps.database, projectId)));
  },
});
