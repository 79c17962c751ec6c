import { allOf, badRequest, sql, type SqlFragment, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { LiveSessionQuery, LiveSessions, LiveSessionsPage } from '../api.js';
import type { SessionSummary } from '../shared/session.js';
import { toListItem, type SessionListRow } from './list-item.js';
import { LIVE_WITHIN_MS } from './live-session.js';
import { sessionListRowsSql } from './session-query.js';

/** Most live sessions one page lists. */
export const MAX_LIVE_PAGE = 200;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The `sessions.live` service: sessions whose tab is open and sending now (`isLiveSession`),
 * narrowed by what a live list searches (user id, metadata, browser, country, a visited URL),
 * as list items the sessions list would show them (the assist plugin lists them).
 */
export function liveSessions(run: SqlRunner, now: () => number = Date.now): LiveSessions {
  const liveConditions = (projectId: number, at: number): SqlFragment =>
    sql`s.project_id = ${projectId} and s.ended_at is null and s.last_event_at >= ${new Date(at - LIVE_WITHIN_MS)}`;

  return {
    async list(projectId, query, viewerId): Promise<LiveSessionsPage> {
      const page = query.page ?? 1;
      const limit = query.limit ?? 50;
      if (!Number.isInteger(page) || page < 1) throw badRequest('page must be a whole number of at least 1');
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIVE_PAGE) throw badRequest(`limit must be a whole number from 1 to ${MAX_LIVE_PAGE}`);
      const at = now();
      const parts: SqlFragment[] = [liveConditions(projectId, at)];
      if (query.userId) parts.push(sql`(s.user_id ilike ${`%${escapeLike(query.userId)}%`} or s.user_anonymous_id ilike ${`%${escapeLike(query.userId)}%`})`);
      if (query.browser) parts.push(sql`s.user_browser ilike ${escapeLike(query.browser)}`);
      if (query.country) parts.push(sql`upper(s.user_country) = ${query.country.toUpperCase()}`);
      if (query.url) {
        parts.push(
          sql`(s.first_url ilike ${`%${escapeLike(query.url)}%`} or exists (select 1 from sessions_events e where e.session_id = s.session_id and e.project_id = s.project_id and e.type = 'LOCATION' and e.url ilike ${`%${escapeLike(query.url)}%`}))`,
        );
      }
      for (const { key, value } of query.metadata ?? []) parts.push(sql`s.metadata ->> ${key} = ${value}`);
      const conditions = allOf(parts);
      const rows = await run<SessionListRow>(sql`${sessionListRowsSql(viewerId, conditions)}
        order by s.started_at desc, s.session_id asc
        limit ${limit} offset ${(page - 1) * limit}`);
      const [count] = await run<{ n: number }>(sql`select count(*)::int as n from sessions_sessions s where ${conditions}`);
      return { total: count?.n ?? 0, sessions: rows.map((row) => toListItem(row, at)) };
    },
    async get(projectId, sessionId, viewerId): Promise<SessionSummary | null> {
      const at = now();
      const [row] = await run<SessionListRow>(sessionListRowsSql(viewerId, sql`${liveConditions(projectId, at)} and s.session_id = ${sessionId}`));
      return row ? toListItem(row, at) : null;
    },
    async known(projectId, sessionId): Promise<boolean> {
      const [row] = await run<{ one: number }>(sql`select 1 as one from sessions_sessions s where s.project_id = ${projectId} and s.session_id = ${sessionId}`);
      return row !== undefined;
    },
  };
}
