import { coreEvents, coreServices, definePlugin } from '@cassette/plugin-sdk/server';
import { ingestExtensionPoints, ingestServices } from '@cassette/plugin-ingest/api';
import { listFavoritesRoute, toggleFavoriteRoute } from './server/favorites.route.js';
import { gdprDeleteUserRoute } from './server/gdpr-delete-user.route.js';
import { issuesProcessor } from './server/issues/issues.processor.js';
import { sessionsMigrations } from './server/migrations.js';
import { recordingIndexProcessor } from './server/recording-index.processor.js';
import { recordingChunkRoute, recordingIndexRoute } from './server/recording.route.js';
import { deleteProjectSessionsJob, enforceRetention, RETENTION_EVERY_MS, retentionJob } from './server/retention.job.js';
import { searchSessionsRoute } from './server/search.route.js';
import { SessionFilterCompilerImpl } from './server/search/filter-compiler.js';
import { sessionsServices } from './api.js';
import { SessionDeletion, sessionDeletionRef } from './server/session-deletion.js';
import { sessionDetailRoute } from './server/session-detail.route.js';
import { sessionReadingRef, type SessionReading } from './server/session-reading.js';
import { SessionEntity } from './server/session.entity.js';
import { sessionEndPublisher } from './server/session-end-publisher.processor.js';
import { sessionSummaryProcessor } from './server/session-summary.processor.js';
import { markViewedRoute } from './server/viewed.route.js';
import { eventSearchRoute, eventSelectorsRoute, eventValuesRoute, sessionFilterSearchRoute, sessionFilterValuesRoute } from './server/suggestions/suggestions.route.js';
import { createSavedSearchRoute, deleteSavedSearchRoute, listSavedSearchesRoute, updateSavedSearchRoute } from './server/saved-searches/saved-search.route.js';
import { deleteProjectSavedSearches } from './server/saved-searches/saved-search-store.js';

export default definePlugin({
  id: 'sessions',
  deps: {
    database: coreServices.database,
    jobs: coreServices.jobs,
    projects: coreServices.projects,
    deletion: sessionDeletionRef,
  },
  register(r) {
    // Routes get no services; this boot's deletion is handed to them once the kernel creates it.
    let deletion: SessionDeletion | null = null;
    const boundDeletion = () => {
      if (!deletion) throw new Error('sessions: the deletion service is not created yet');
      return deletion;
    };
    let reading: SessionReading | null = null;
    const boundReading = () => {
      if (!reading) throw new Error('sessions: the reading services are not created yet');
      return reading;
    };
    r.entities(SessionEntity);
    r.migrations(...sessionsMigrations);
    r.provide({
      ref: sessionDeletionRef,
      deps: { database: coreServices.database, recordings: ingestServices.recordings, events: coreServices.events },
      create: ({ database, recordings, events }) => (deletion = new SessionDeletion(database, recordings, events)),
    });
    // Stateless: the routes and other plugins (funnels, metrics, alerts) share one.
    const filterCompiler = new SessionFilterCompilerImpl();
    r.provide({ ref: sessionsServices.filterCompiler, deps: {}, create: () => filterCompiler });
    r.provide({
      ref: sessionReadingRef,
      deps: { recordings: ingestServices.recordings, projects: coreServices.projects, users: coreServices.users },
      create: (services) => (reading = { ...services, filterCompiler }),
    });
    r.route(searchSessionsRoute(boundReading));
    // Fastify matches the static `/sessions2/favorite` before `/sessions2/:sessionId`, whatever the order here.
    r.route(listFavoritesRoute);
    r.route(sessionDetailRoute(() => boundReading().projects));
    r.route(toggleFavoriteRoute);
    r.route(markViewedRoute);
    r.route(recordingIndexRoute(() => boundReading().recordings));
    r.route(recordingChunkRoute(() => boundReading().recordings));
    r.route(gdprDeleteUserRoute(boundDeletion));
    r.route(eventSearchRoute(() => boundReading().projects));
    r.route(sessionFilterSearchRoute(() => boundReading().projects));
    r.route(sessionFilterValuesRoute);
    r.route(eventValuesRoute);
    r.route(eventSelectorsRoute);
    r.route(listSavedSearchesRoute(boundReading));
    r.route(createSavedSearchRoute(boundReading));
    r.route(updateSavedSearchRoute(boundReading));
    r.route(deleteSavedSearchRoute);
    r.extend(ingestExtensionPoints.processors, sessionSummaryProcessor);
    r.extend(ingestExtensionPoints.processors, issuesProcessor);
    r.extend(ingestExtensionPoints.processors, recordingIndexProcessor);
    r.extend(ingestExtensionPoints.processors, sessionEndPublisher);
    r.job(retentionJob, async (_payload, { deps, log }) => {
      await enforceRetention({ db: deps.database, projects: deps.projects, deletion: deps.deletion, log });
    });
    r.job(deleteProjectSessionsJob, async ({ projectId }, { deps, log }) => {
      const deleted = await deps.deletion.deleteOlderThan(projectId, null);
      if (deleted > 0) log.info({ projectId, deleted }, 'sessions of a deleted project deleted');
      await deleteProjectSavedSearches(deps.database, projectId);
    });
    r.on(coreEvents.projectDeleted, async ({ projectId }, { deps }) => {
      await deps.jobs.enqueue(deleteProjectSessionsJob, { projectId }, { jobId: `sessions-delete-project-${projectId}` });
    });
  },
  async start({ deps }) {
    // Not unscheduled at shutdown: on Redis the schedule is shared with the other processes.
    await deps.jobs.schedule('sessions.retention', retentionJob, {}, RETENTION_EVERY_MS);
  },
});
