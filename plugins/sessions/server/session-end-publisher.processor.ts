import type { IngestProcessor, IngestSession } from '@cassette/plugin-ingest/api';
import { sessionsEvents } from '../api.js';
import { markEndPublished, unpublishedEnd } from './session-writer.js';

/**
 * Announces `sessions.ended@v1` once every other processor judged the end: issues decided
 * only when a session ends (a crash, a last dead click, an open CPU episode) must be in the
 * event's `issueTypes`, so this runs last.
 */
export const sessionEndPublisher: IngestProcessor = {
  id: 'sessions.endPublisher',
  order: 1000,

  async sessionEnded(session: IngestSession, end, { sql: run, events, log }) {
    // At least once: a repeated call publishes only if the first one never got that far.
    const ended = await unpublishedEnd(run, session.sessionId);
    if (!ended) return;
    await events.publish(sessionsEvents.ended, {
      tenantId: ended.tenant_id ?? session.tenantId,
      projectId: ended.project_id,
      sessionId: ended.session_id,
      startedAt: new Date(ended.started_at).getTime(),
      duration: ended.duration_ms,
      userId: ended.user_id,
      pagesCount: ended.pages_count,
      eventsCount: ended.events_count,
      errorsCount: ended.errors_count,
      issueTypes: ended.issue_types,
    });
    await markEndPublished(run, session.sessionId);
    log.debug({ sessionId: ended.session_id, reason: end.reason }, 'session ended');
  },
};
