import { coreEvents, definePlugin } from '@cassette/plugin-sdk/server';
import { deleteProjectFunnelsJob } from './server/delete-project-funnels.job.js';
import { deps } from './server/deps.js';
import { deleteProjectFunnels } from './server/funnel-store.js';
import { funnelsMigrations } from './server/migrations.js';
import { createFunnelRoute } from './server/routes/funnel-create.route.js';
import { deleteFunnelRoute } from './server/routes/funnel-delete.route.js';
import { funnelDetailRoute, updateFunnelRoute } from './server/routes/funnel-detail.route.js';
import { funnelInsightsRoute } from './server/routes/funnel-insights.route.js';
import { funnelIssuesDefaultRoute, funnelIssuesRoute } from './server/routes/funnel-issues.route.js';
import { funnelSessionsDefaultRoute, funnelSessionsRoute, issueSessionsRoute, issuesSessionsRoute } from './server/routes/funnel-sessions.route.js';
import { listFunnelsRoute } from './server/routes/funnels-list.route.js';
import { issueTypesRoute } from './server/routes/issue-types.route.js';

/**
 * Funnels: saved sequences of steps over a project's sessions, with how many sessions reach each
 * step, which issues between two steps cost conversions, and the sessions behind each number.
 * The sessions plugin's analytics service does every count (README.md).
 */
export default definePlugin({
  id: 'funnels',
  deps,
  register(r) {
    r.migrations(...funnelsMigrations);
    // Fastify matches the static `/funnels/issue_types` before `/funnels/:funnelId`, whatever the order here.
    r.route(listFunnelsRoute);
    r.route(issueTypesRoute);
    r.route(createFunnelRoute);
    r.route(funnelDetailRoute);
    r.route(updateFunnelRoute);
    r.route(funnelInsightsRoute);
    r.route(funnelIssuesRoute);
    r.route(funnelIssuesDefaultRoute);
    r.route(funnelSessionsRoute);
    r.route(funnelSessionsDefaultRoute);
    r.route(issueSessionsRoute);
    r.route(issuesSessionsRoute);
    r.route(deleteFunnelRoute);
    r.on(coreEvents.projectDeleted, async ({ projectId }, { deps }) => {
      await deps.jobs.enqueue(deleteProjectFunnelsJob, { projectId }, { jobId: `funnels-delete-project-${projectId}` });
    });
    r.job(deleteProjectFunnelsJob, async ({ projectId }, { deps }) => void (await deleteProjectFunnels(deps.database, projectId)));
  },
});
