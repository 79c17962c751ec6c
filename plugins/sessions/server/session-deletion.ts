import { anyOf, sql, trusted, type DatabaseService, type EventsService, type SqlFragment, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { RecordingsService } from '@cassette/plugin-ingest/api';
import { sessionsEvents } from '../api.js';

/** Sessions are deleted this many at a time: bounded statements, bounded calls to ingest. */
export const DELETE_CHUNK = 500;

/** What is stored about a session, the summary row last. */
const SESSION_TABLES = ['sessions_events', 'sessions_issues', 'sessions_issue_state', 'sessions_recording_chunks', 'sessions_viewed', 'sessions_favorites', 'sessions_sessions'].map(trusted);

/**
 * Deletes sessions with everything stored about them: raw recordings (ingest), events,
 * viewed/favorite marks, then the summary row. The summary goes last, so a crash half-way
 * leaves it in place and the next retention run or GDPR request finds the session again.
 * Then `sessions.deleted@v1` tells other plugins (errors) to delete what they keep about them.
 */
export class SessionDeletion {
  constructor(
    private readonly run: SqlRunner,
    private readonly recordings: RecordingsService,
    private readonly events: EventsService,
  ) {}

  async deleteSessions(projectId: number, sessionIds: readonly string[]): Promise<void> {
    for (let start = 0; start < sessionIds.length; start += DELETE_CHUNK) {
      const chunk = sessionIds.slice(start, start + DELETE_CHUNK);
      await this.recordings.deleteSessions(projectId, chunk);
      for (const table of SESSION_TABLES) {
        await this.run(sql`delete from ${table} where project_id = ${projectId} and session_id in (${chunk})`);
      }
      await this.events.publish(sessionsEvents.deleted, { projectId, sessionIds: [...chunk] });
    }
  }

  /** Deletes the project's sessions started before `before` (all of them without it); answers how many. */
  async deleteOlderThan(projectId: number, before: Date | null): Promise<number> {
    let deleted = 0;
    for (;;) {
      const rows = await this.run<{ session_id: string }>(
        before
          ? sql`select session_id from sessions_sessions where project_id = ${projectId} and started_at < ${before} order by started_at limit ${DELETE_CHUNK}`
          : sql`select session_id from sessions_sessions where project_id = ${projectId} order by started_at limit ${DELETE_CHUNK}`,
      );
      if (rows.length === 0) return deleted;
      await this.deleteSessions(projectId, rows.map((r) => r.session_id));
      deleted += rows.length;
      if (rows.length < DELETE_CHUNK) return deleted;
    }
  }

  /** Every session that ever carried this user id or anonymous id (also when it changed mid-session). */
  async sessionsOfUser(projectId: number, who: { userId?: string; userAnonymousId?: string }): Promise<string[]> {
    const onRow: SqlFragment[] = [];
    const onEvents: SqlFragment[] = [];
    if (who.userId) {
      onRow.push(sql`user_id = ${who.userId}`);
      onEvents.push(sql`name = 'userId' and value = ${who.userId}`);
    }
    if (who.userAnonymousId) {
      onRow.push(sql`user_anonymous_id = ${who.userAnonymousId}`);
      onEvents.push(sql`name = 'userAnonymousId' and value = ${who.userAnonymousId}`);
    }
    if (onRow.length === 0) return [];
    const rows = await this.run<{ session_id: string }>(
      sql`select session_id from sessions_sessions where project_id = ${projectId} and (${anyOf(onRow)})
       union
       select distinct session_id from sessions_events where project_id = ${projectId} and type = 'IDENTIFY' and (${anyOf(onEvents)})`,
    );
    return rows.map((r) => r.session_id);
  }
}

/** The deletion over the plugin's services; it keeps no state, so each route or job makes its own. */
export function sessionDeletion({ database, recordings, events }: { database: DatabaseService; recordings: RecordingsService; events: EventsService }): SessionDeletion {
  return new SessionDeletion(database.sql, recordings, events);
}
