import { Type } from '@sinclair/typebox';
import { notFound } from '@cassette/plugin-sdk/server';
import type { IntegrationsDeps } from './deps.js';

/** Ingest's session ids: 19 decimal digits. */
export const sessionIdParam = Type.String({ pattern: '^[0-9]{19}$', description: 'A session id: 19 digits' });

/** Backend lines are searched this much before the session's start and after its end: the two clocks differ, and a request may outlive the page. */
export const WINDOW_MARGIN_MS = 60_000;

export interface SessionWindow {
  sessionId: string;
  userId: string | null;
  startedAt: number;
  /** Epoch ms, margins included. */
  from: number;
  to: number;
}

/** The session's user and time window, read through the sessions plugin; a 404 when the project has no such session. */
export async function sessionWindow(deps: IntegrationsDeps, projectId: number, sessionId: string, viewerId: number): Promise<SessionWindow> {
  const [session] = await deps.sessions.summaries(projectId, [sessionId], viewerId);
  if (!session) throw notFound('Session not found');
  return {
    sessionId,
    userId: session.userId,
    startedAt: session.startedAt,
    from: session.startedAt - WINDOW_MARGIN_MS,
    to: session.startedAt + session.duration + WINDOW_MARGIN_MS,
  };
}
