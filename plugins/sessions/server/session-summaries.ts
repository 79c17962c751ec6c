import { badRequest, sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { SessionSummaries } from '../api.js';
import type { SessionSummary } from '../shared/session.js';
import { toListItem, type SessionListRow } from './list-item.js';
import { sessionListRowsSql } from './session-query.js';

/** More than any page a funnel or a metric shows; the bound keeps the statement small. */
export const MAX_SUMMARY_IDS = 1000;

/**
 * The `sessions.summaries` service: list items for sessions another plugin found (a funnel's
 * cohort, a metric's sessions), read by the list's own row query and mapping, so they are
 * exactly what search2 answers for the same sessions and viewer.
 */
export function sessionSummaries(run: SqlRunner): SessionSummaries {
  return {
    async summaries(projectId, sessionIds, viewerId): Promise<SessionSummary[]> {
      if (!Array.isArray(sessionIds) || sessionIds.some((id) => typeof id !== 'string')) throw badRequest('sessionIds must be a list of session ids (text)');
      if (sessionIds.length > MAX_SUMMARY_IDS) throw badRequest(`at most ${MAX_SUMMARY_IDS} sessions at a time; got ${sessionIds.length}`);
      const wanted = [...new Set(sessionIds)];
      if (wanted.length === 0) return [];
      const rows = await run<SessionListRow>(sessionListRowsSql(viewerId, sql`s.project_id = ${projectId} and s.session_id in (${wanted})`));
      const now = Date.now();
      const byId = new Map(rows.map((row) => [row.session_id, toListItem(row, now)]));
      return wanted.flatMap((id) => byId.get(id) ?? []);
    },
  };
}
