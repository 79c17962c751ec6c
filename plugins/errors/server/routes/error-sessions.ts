import { sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { ErrorSessionItem } from '../../api.js';
import { epoch } from './error-lookup.js';

interface SessionRow {
  session_id: string;
  ts: Date | string;
  n: number;
  user_id: string | null;
  user_anonymous_id: string | null;
  browser: string | null;
  os: string | null;
  device: string | null;
  country: string | null;
  url: string | null;
  release: string | null;
}

/**
 * The sessions that hit the group, newest first, each with its first occurrence of it (where
 * the player opens) and how many times it happened there.
 */
export async function errorSessions(run: SqlRunner, projectId: number, errorId: string, page: number, limit: number): Promise<{ total: number; sessions: ErrorSessionItem[] }> {
  const rows = await run<SessionRow>(sql`select * from (
       select distinct on (session_id) session_id, ts, count(*) over (partition by session_id)::int as n,
         user_id, user_anonymous_id, browser, os, device, country, url, release
       from errors_occurrences where project_id = ${projectId} and error_id = ${errorId}
       order by session_id, ts, seq, idx
     ) first_hits order by ts desc, session_id desc limit ${limit} offset ${(page - 1) * limit}`);
  const [total] = await run<{ n: number }>(sql`select count(distinct session_id)::int as n from errors_occurrences where project_id = ${projectId} and error_id = ${errorId}`);
  return {
    total: Number(total?.n ?? 0),
    sessions: rows.map((r) => ({
      sessionId: r.session_id,
      errorTimestamp: epoch(r.ts),
      occurrences: Number(r.n),
      userId: r.user_id,
      userAnonymousId: r.user_anonymous_id,
      browser: r.browser,
      os: r.os,
      device: r.device,
      country: r.country,
      url: r.url,
      release: r.release,
    })),
  };
}
