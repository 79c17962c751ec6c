import { Type } from '@sinclair/typebox';
import { notFound, sql, type SqlRunner } from '@cassette/plugin-sdk/server';

/** Ingest's session ids: 19 decimal digits (start time in ms, then 6 random digits). */
export const SESSION_ID_PATTERN = '^[0-9]{19}$';

export const sessionIdParam = Type.String({ pattern: SESSION_ID_PATTERN, description: 'A session id: 19 digits' });
export const sessionParams = Type.Object({ sessionId: sessionIdParam });

export const SESSION_NOT_FOUND = 'Session not found';

/**
 * The session's start, or a 404 when the id is unknown in this project: a session of
 * another project answers exactly like one that does not exist.
 */
export async function requireSession(run: SqlRunner, projectId: number, sessionId: string): Promise<{ startedAt: number }> {
  const [row] = await run<{ started_at: Date | string }>(sql`select started_at from sessions_sessions where project_id = ${projectId} and session_id = ${sessionId}`);
  if (!row) throw notFound(SESSION_NOT_FOUND);
  return { startedAt: new Date(row.started_at).getTime() };
}
