import type { DatabaseService, EventsService } from '@cassette/plugin-sdk/server';
import type { RecordingsService } from '@cassette/plugin-ingest/api';
import { sessionsEvents } from '../api.js';

/** Sessions are deleted this many at a time: bounded statements, bounded calls to ingest. */
export const DELETE_CHUNK = 500;

/**
 * Deletes sessions with everything stored about them: raw recordings (ingest), events,
 * viewed/favorite marks, then the summary row. The summary goes last, so a crash half-way
 * leaves it in place and the next retention run or GDPR request finds the session again.
 * Then `sessions.deleted@v1` tells other plugins (errors) to delete what they keep about them.
 */
export class SessionDeletion {
  constructor(
    private readonly db: DatabaseService,
    private readonly recordings: RecordingsService,
    private readonly events: EventsService,
  ) {}

  async deleteSessions(projectId: number, sessionIds: readonly string[]): Promise<void> {
    for (let start = 0; start < sessionIds.length; start += DELETE_CHUNK) {
      const chunk = sessionIds.slice(start, start + DELETE_CHUNK);
      await this.recordings.deleteSessions(projectId, chunk);
      for (const table of ['sessions_events', 'sessions_issues', 'sessions_issue_state', 'sessions_recording_chunks', 'sessions_viewed', 'sessions_favorites', 'sessions_sessions']) {
        await this.db.query(`delete from ${table} where project_id = ? and session_id in (?)`, [projectId, chunk]);
      }
      await this.events.publish(sessionsEvents.deleted, { projectId, sessionIds: [...chunk] });
    }
  }

  /** Deletes the project's sessions started before `before` (all of them without it); answers how many. */
  async deleteOlderThan(projectId: number, before: Date | null): Promise<number> {
    let deleted = 0;
    for (;;) {
      const rows = await this.db.query<{ session_id: string }>(
        before
          ? 'select session_id from sessions_sessions where project_id = ? and started_at < ? order by started_at limit ?'
          : 'select session_id from sessions_sessions where project_id = ? order by started_at limit ?',
        before ? [projectId, before, DELETE_CHUNK] : [projectId, DELETE_CHUNK],
      );
      if (rows.length === 0) return deleted;
      await this.deleteSessions(projectId, rows.map((r) => r.session_id));
      deleted += rows.length;
      if (rows.length < DELETE_CHUNK) return deleted;
    }
  }

  /** Every session that ever carried this user id or anonymous id (also when it changed mid-session). */
  async sessionsOfUser(projectId: number, who: { userId?: string; userAnonymousId?: string }): Promise<string[]> {
    const onRow: string[] = [];
    const onEvents: string[] = [];
    const params: unknown[] = [projectId];
    const eventParams: unknown[] = [projectId];
    if (who.userId) {
      onRow.push('user_id = ?');
      params.push(who.userId);
      onEvents.push("(name = 'userId' and value = ?)");
      eventParams.push(who.userId);
    }
    if (who.userAnonymousId) {
      onRow.push('user_anonymous_id = ?');
      params.push(who.userAnonymousId);
      onEvents.push("(name = 'userAnonymousId' and value = ?)");
      eventParams.push(who.userAnonymousId);
    }
    if (onRow.length === 0) return [];
    const rows = await this.db.query<{ session_id: string }>(
      `select session_id from sessions_sessions where project_id = ? and (${onRow.join(' or ')})
       union
       select distinct session_id from sessions_events where project_id = ? and type = 'IDENTIFY' and (${onEvents.join(' or ')})`,
      [...params, ...eventParams],
    );
    return rows.map((r) => r.session_id);
  }
}

/** The deletion over the plugin's services; it keeps no state, so each route or job makes its own. */
export function sessionDeletion({ database, recordings, events }: { database: DatabaseService; recordings: RecordingsService; events: EventsService }): SessionDeletion {
  return new SessionDeletion(database, recordings, events);
}
