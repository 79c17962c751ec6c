import { coreEvents, definePlugin } from '@cassette/plugin-sdk/server';
import { ingestExtensionPoints } from '@cassette/plugin-ingest/api';
import { sessionsEvents } from '@cassette/plugin-sessions/api';
import { cliScriptAsset } from './server/cli-script.asset.js';
import { deps } from './server/deps.js';
import { errorsProcessor } from './server/errors.processor.js';
import { errorsReaderService } from './server/errors-reader.service.js';
import { deleteProjectErrorsJob } from './server/grouping/delete-project-errors.job.js';
import { deleteProjectErrors, deleteSessionsErrors } from './server/grouping/error-deletion.js';
import { errorsMigrations } from './server/migrations.js';
import { errorsSettings } from './server/settings.js';
import { errorDetailRoute } from './server/routes/error-detail.route.js';
import { toggleErrorFavoriteRoute } from './server/routes/error-favorite.route.js';
import { errorSessionsRoute } from './server/routes/error-sessions.route.js';
import { ignoreErrorRoute, solveErrorRoute, unsolveErrorRoute } from './server/routes/error-status.route.js';
import { mergeErrorsRoute } from './server/routes/errors-merge.route.js';
import { searchErrorsRoute } from './server/routes/errors-search.route.js';
import { errorStatsRoute } from './server/routes/errors-stats.route.js';
import { sessionErrorsRoute } from './server/routes/session-errors.route.js';
import { errorStackRoute, sessionErrorStackRoute } from './server/sourcemaps/resolved-stack.route.js';
import { sourceMapUploadRoute } from './server/sourcemaps/sourcemap-upload.route.js';
import { deleteSourceMapsRoute, listSourceMapsRoute } from './server/sourcemaps/sourcemaps.route.js';
import { sourceMapsService } from './server/sourcemaps/sourcemaps.service.js';

/**
 * Error tracking: groups the JS exceptions of recorded sessions, keeps their status, and maps
 * their stacks to the original sources with uploaded source maps.
 */
export default definePlugin({
  id: 'errors',
  settings: errorsSettings,
  deps,
  register(r) {
    r.migrations(...errorsMigrations);
    r.provide(sourceMapsService);
    r.provide(errorsReaderService);
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
    r.route(sourceMapUploadRoute);
    r.route(listSourceMapsRoute);
    r.route(deleteSourceMapsRoute);
    r.route(errorStackRoute);
    r.route(sessionErrorStackRoute);
    r.asset(cliScriptAsset);
    r.on(sessionsEvents.deleted, async ({ projectId, sessionIds }, { deps }) => void (await deleteSessionsErrors(deps.database, projectId, sessionIds)));
    r.on(coreEvents.projectDeleted, async ({ projectId }, { deps }) => {
      await deps.jobs.enqueue(deleteProjectErrorsJob, { projectId }, { jobId: `errors-delete-project-${projectId}` });
    });
    r.job(deleteProjectErrorsJob, async ({ projectId }, { deps }) => {
      await deleteProjectErrors(deps.database, projectId);
      await deps.sourceMaps.store.deleteProject(projectId);
    });
  },
});
