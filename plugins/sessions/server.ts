// Server wiring of the sessions plugin: what it stores, serves, processes and runs (README.md tells why).
import { coreEvents, coreServices, definePlugin } from '@cassette/plugin-sdk/server';
import { ingestExtensionPoints } from '@cassette/plugin-ingest/api';
import { sessionsServices } from './api.js';
import { deleteProjectSessions, deleteProjectSessionsJob, queueProjectDeletion } from './server/delete-project.job.js';
import { postgresAnalytics } from './server/analytics/postgres-analytics.js';
import { deps } from './server/deps.js';
import { listFavoritesRoute, toggleFavoriteRoute } from './server/favorites.route.js';
import { heatmapRoute } from './server/heatmaps/heatmap.route.js';
import { changeTargetRoute, listTargetsRoute } from './server/targets/targets.route.js';
import { gdprDeleteUserRoute } from './server/gdpr-delete-user.route.js';
import { issuesProcessor } from './server/issues/issues.processor.js';
import { sessionsMigrations } from './server/migrations.js';
import { recordingIndexProcessor } from './server/recording-index.processor.js';
import { recordingChunkRoute, recordingIndexRoute } from './server/recording.route.js';
import { RETENTION_EVERY_MS, retentionJob, runRetention } from './server/retention.job.js';
import { createSavedSearchRoute, deleteSavedSearchRoute, listSavedSearchesRoute, updateSavedSearchRoute } from './server/saved-searches/saved-search.route.js';
import { searchSessionsRoute } from './server/search.route.js';
import { SessionFilterCompilerImpl } from './server/search/filter-compiler.js';
import { sessionDetailRoute } from './server/session-detail.route.js';
import { sessionEndPublisher } from './server/session-end-publisher.processor.js';
import { sessionSummaries } from './server/session-summaries.js';
import { liveSessions } from './server/live-sessions.js';
import { sessionSummaryProcessor } from './server/session-summary.processor.js';
import { eventSearchRoute, eventSelectorsRoute, eventValuesRoute, sessionFilterSearchRoute, sessionFilterValuesRoute } from './server/suggestions/suggestions.route.js';
import { markViewedRoute } from './server/viewed.route.js';
import { rehydrateJob, runRehydration } from './server/rehydration/rehydrate.job.js';
import { createRehydrationRoute, getRehydrationRoute, listRehydrationsRoute } from './server/rehydration/rehydration.route.js';
import { createWatchdogRoute, deleteWatchdogRoute, listWatchdogsRoute, updateWatchdogRoute, watchdogStatusRoute } from './server/watchdogs/watchdog.route.js';

export default definePlugin({
  id: 'sessions',
  deps,
  register(r) {
    r.migrations(...sessionsMigrations);
    // Stateless: the routes and other plugins (funnels, metrics, alerts) share one.
    r.provide({ ref: sessionsServices.filterCompiler, deps: {}, create: () => new SessionFilterCompilerImpl() });
    r.provide({ ref: sessionsServices.analytics, deps: { database: coreServices.database }, create: ({ database }) => postgresAnalytics(database.sql, new SessionFilterCompilerImpl()) });
    r.provide({ ref: sessionsServices.summaries, deps: { database: coreServices.database }, create: ({ database }) => sessionSummaries(database.sql) });
    r.provide({ ref: sessionsServices.live, deps: { database: coreServices.database }, create: ({ database }) => liveSessions(database.sql) });
    r.route(searchSessionsRoute);
    // Fastify matches the static `/sessions2/favorite` before `/sessions2/:sessionId`, whatever the order here.
    r.route(listFavoritesRoute);
    r.route(sessionDetailRoute);
    r.route(toggleFavoriteRoute);
    r.route(markViewedRoute);
    r.route(recordingIndexRoute);
    r.route(recordingChunkRoute);
    r.route(gdprDeleteUserRoute);
    r.route(eventSearchRoute);
    r.route(sessionFilterSearchRoute);
    r.route(sessionFilterValuesRoute);
    r.route(eventValuesRoute);
    r.route(eventSelectorsRoute);
    r.route(listSavedSearchesRoute);
    r.route(createSavedSearchRoute);
    r.route(updateSavedSearchRoute);
    r.route(deleteSavedSearchRoute);
    // Fastify matches the static `/watchdogs/status` before `/watchdogs/:watchdogId`.
    r.route(listWatchdogsRoute);
    r.route(watchdogStatusRoute);
    r.route(createWatchdogRoute);
    r.route(updateWatchdogRoute);
    r.route(deleteWatchdogRoute);
    r.route(listRehydrationsRoute);
    r.route(getRehydrationRoute);
    r.route(createRehydrationRoute);
    r.route(heatmapRoute);
    r.route(listTargetsRoute);
    r.route(changeTargetRoute);
    for (const processor of [sessionSummaryProcessor, issuesProcessor, recordingIndexProcessor, sessionEndPublisher]) r.extend(ingestExtensionPoints.processors, processor);
    r.job(retentionJob, runRetention);
    r.job(deleteProjectSessionsJob, deleteProjectSessions);
    r.job(rehydrateJob, runRehydration);
    r.on(coreEvents.projectDeleted, queueProjectDeletion);
  },
  async start({ deps }) {
    // Not unscheduled at shutdown: on Redis the schedule is shared with the other processes.
    await deps.jobs.schedule('sessions.retention', retentionJob, {}, RETENTION_EVERY_MS);
  },
});
