import { coreEvents, definePlugin } from '@cassette/plugin-sdk/server';
import { deleteProjectMetricsJob } from './server/delete-project-metrics.job.js';
import { deps } from './server/deps.js';
import { metricsMigrations } from './server/migrations.js';
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
    r.on(coreEvents.projectDeleted, async ({ projectId }, { deps }) => {
      await deps.jobs.enqueue(deleteProjectMetricsJob, { projectId }, { jobId: `metrics-delete-project-${projectId}` });
    });
    r.job(deleteProjectMetricsJob, async ({ projectId }, { deps }) => void (await deleteProjectMetrics(deps.database, projectId)));
  },
});
