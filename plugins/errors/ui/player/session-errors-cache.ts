import type { ApiClient } from '@cassette/plugin-sdk/ui';
import type { SessionErrorOccurrence } from '../../api.js';
import { errorsRoutes } from '../paths.js';

/** Sessions remembered at once: the player shows one, a few back-and-forth are enough. */
const KEPT_SESSIONS = 20;

/**
 * The error groups of a session, asked once however many error rows the player's panel
 * opens. A failed answer is forgotten so the next row asks again.
 */
export class SessionErrorsCache {
  private readonly entries = new Map<string, Promise<SessionErrorOccurrence[]>>();

  load(api: ApiClient, projectId: number, sessionId: string): Promise<SessionErrorOccurrence[]> {
    const key = `${projectId}:${sessionId}`;
    const known = this.entries.get(key);
    if (known) {
      // Most recently used stays longest.
      this.entries.delete(key);
      this.entries.set(key, known);
      return known;
    }
    const loading = api
      .get<SessionErrorOccurrence[]>(errorsRoutes.sessionErrors(projectId, sessionId))
      .then((answer) => (Array.isArray(answer) ? answer : []))
      .catch((error: unknown) => {
        this.entries.delete(key);
        throw error;
      });
    this.entries.set(key, loading);
    while (this.entries.size > KEPT_SESSIONS) this.entries.delete(this.entries.keys().next().value!);
    return loading;
  }

  clear(): void {
    this.entries.clear();
  }
}

export const sessionErrorsCache = new SessionErrorsCache();
