import { coreEvents, coreServices, definePlugin } from '@cassette/plugin-sdk/server';
import { ingestExtensionPoints } from '@cassette/plugin-ingest/api';
import { sessionsEvents } from '@cassette/plugin-sessions/api';
import { cliScriptAsset } from './cli/cli-script.asset.js';
import { errorsProcessor } from './errors.processor.js';
import { deleteProjectErrorsJob } from './grouping/delete-project-errors.job.js';
import { deleteProjectErrors, deleteSessionsErrors } from './grouping/error-deletion.js';
import { errorsMigrations } from './migrations.js';
import { errorDetailRoute } from './routes/error-detail.route.js';
import { toggleErrorFavoriteRoute } from './routes/error-favorite.route.js';
import { errorSessionsRoute } from './routes/error-sessions.route.js';
import { ignoreErrorRoute, solveErrorRoute, unsolveErrorRoute } from './routes/error-status.route.js';
import { mergeErrorsRoute } from './routes/errors-merge.route.js';
import { searchErrorsRoute } from './routes/errors-search.route.js';
import { errorStatsRoute } from './routes/errors-stats.route.js';
import { sessionErrorsRoute } from './routes/session-errors.route.js';
import { registerSourceMaps } from './sourcemaps/sourcemaps.registration.js';

/**
 * Error tracking: groups the JS exceptions of recorded sessions, keeps their status, and maps
 * their stacks to the original sources with uploaded source maps.
 */
export default definePlugin({
  id: 'errors',
  deps: {
    database: coreServices.database,
    blobs: coreServices.blobs,
    projects: coreServices.projects,
    jobs: coreServices.jobs,
  },
  register(r) {
    r.migrations(...errorsMigrations);
    r.extend(ingestExtensionPoints.processors, errorsProcessor);
    // Fastify matches the static `/errors/stats` before `/errors/:errorId`, whatever the order here.
    r.route(searchErrorsRoute);
    r.route(errorStatsRoute);
    r.route(mergeErrorsRoute);
    r.route(errorDetailRoute);
    r.route(errorSessionsRoute);
    r.route(solveErrorRoute);
    r.route(unsolveErrorRoute);
    r.route(ignoreErrorRoute);
    r.route(toggleErrorFavoriteRoute);
    r.route(sessionErrorsRoute);
    r.on(sessionsEvents.deleted, async ({ projectId, sessionIds }, { deps }) => void (await deleteSessionsErrors(deps.database, projectId, sessionIds)));
    const sourceMaps = registerSourceMaps(r);
    r.asset(cliScriptAsset());
    r.job(deleteProjectErrorsJob, async ({ projectId }, { deps }) => {
      await deleteProjectErrors(deps.database, projectId);
      await sourceMaps().store.deleteProject(projectId);
    });
    r.on(coreEvents.projectDeleted, async ({ projectId }, { deps }) => {
      await deps.jobs.enqueue(deleteProjectErrorsJob, { projectId }, { jobId: `errors-delete-project-${projectId}` });
    });
  },
});
