import { createHash } from 'node:crypto';
import { joinSql, sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import { userKey, type OccurrenceDraft, type SessionState } from './occurrence-drafts.js';

/** 20 bind parameters per row: far below PostgreSQL's 65,535 per statement. */
const OCCURRENCE_CHUNK = 500;

/**
 * A group's id follows from its project and fingerprint, so two processes that meet the same
 * new exception at once agree on it without asking each other.
 */
export function errorIdFor(projectId: number, fingerprint: string): string {
  return createHash('sha256').update(`${projectId}:${fingerprint}`).digest('hex').slice(0, 24);
}

export interface SessionFacts {
  sessionId: string;
  projectId: number;
  tenantId: number;
  userUuid: string | null;
  browser: string | null;
  os: string | null;
  device: string | null;
  country: string | null;
  release: string | null;
  /** Recorded in a synthetic test run (every occurrence of the session says the same). */
  synthetic: boolean;
}

/** The session's state, locked until the transaction ends: one writer per session. */
export async function lockSessionState(run: SqlRunner, sessionId: string): Promise<SessionState | null> {
  const [row] = await run<{ user_id: string | null; user_anonymous_id: string | null; user_uuid: string | null; page_url: string | null; synthetic: boolean; last_seq: number }>(
    sql`select user_id, user_anonymous_id, user_uuid, page_url, synthetic, last_seq from errors_sessions where session_id = ${sessionId} for update`,
  );
  if (!row) return null;
  return { userId: row.user_id, userAnonymousId: row.user_anonymous_id, userUuid: row.user_uuid, pageUrl: row.page_url, synthetic: row.synthetic === true, lastSeq: Number(row.last_seq) };
}

export async function saveSessionState(run: SqlRunner, projectId: number, sessionId: string, state: SessionState): Promise<void> {
  await run(sql`insert into errors_sessions (session_id, project_id, user_id, user_anonymous_id, user_uuid, page_url, synthetic, last_seq)
     values (${sessionId}, ${projectId}, ${state.userId}, ${state.userAnonymousId}, ${state.userUuid}, ${state.pageUrl}, ${state.synthetic}, ${state.lastSeq})
     on conflict (session_id) do update set user_id = excluded.user_id, user_anonymous_id = excluded.user_anonymous_id, user_uuid = excluded.user_uuid,
       page_url = excluded.page_url, synthetic = excluded.synthetic, last_seq = excluded.last_seq
     where errors_sessions.last_seq <= excluded.last_seq`);
}

/**
 * The group of each fingerprint, created when new. Fingerprints are handled in sorted order so
 * two batches creating the same groups lock them in the same order (no deadlock).
 */
export async function groupsOf(run: SqlRunner, session: SessionFacts, drafts: readonly OccurrenceDraft[]): Promise<Map<string, string>> {
  const firstByFingerprint = new Map<string, OccurrenceDraft>();
  for (const d of drafts) if (!firstByFingerprint.has(d.fingerprint)) firstByFingerprint.set(d.fingerprint, d);
  const fingerprints = [...firstByFingerprint.keys()].sort();
  const groups = new Map<string, string>();
  const known = await run<{ fingerprint: string; error_id: string }>(sql`select fingerprint, error_id from errors_fingerprints where project_id = ${session.projectId} and fingerprint in (${fingerprints})`);
  for (const row of known) groups.set(row.fingerprint, row.error_id);
  for (const fp of fingerprints) {
    if (groups.has(fp)) continue;
    const first = firstByFingerprint.get(fp)!;
    const errorId = errorIdFor(session.projectId, fp);
    await run(sql`insert into errors_errors (error_id, project_id, tenant_id, fingerprint, source, name, message, status, first_occurrence_at, last_occurrence_at, first_frame)
       values (${errorId}, ${session.projectId}, ${session.tenantId}, ${fp}, ${first.source}, ${first.name}, ${first.message}, 'unresolved', ${first.ts}, ${first.ts}, ${first.firstFrame}) on conflict (error_id) do nothing`);
    // Waits for a concurrent batch that inserted it first, then reads what that one decided.
    await run(sql`insert into errors_fingerprints (project_id, fingerprint, error_id) values (${session.projectId}, ${fp}, ${errorId}) on conflict do nothing`);
    const [row] = await run<{ error_id: string }>(sql`select error_id from errors_fingerprints where project_id = ${session.projectId} and fingerprint = ${fp}`);
    groups.set(fp, row?.error_id ?? errorId);
  }
  return groups;
}

/** Stores the occurrences; those already stored (a replayed batch) are left alone. Answers the new ones. */
export async function insertOccurrences(run: SqlRunner, session: SessionFacts, drafts: readonly OccurrenceDraft[], groups: ReadonlyMap<string, string>): Promise<OccurrenceDraft[]> {
  const inserted = new Set<string>();
  for (let start = 0; start < drafts.length; start += OCCURRENCE_CHUNK) {
    const values = drafts.slice(start, start + OCCURRENCE_CHUNK).map(
      (d) =>
        sql`(${session.projectId}, ${groups.get(d.fingerprint)!}, ${session.sessionId}, ${d.seq}, ${d.idx}, ${d.ts}, ${userKey(d.userId, session.userUuid, session.sessionId)}, ${d.userId}, ${d.userAnonymousId},
          ${session.browser}, ${session.os}, ${session.device}, ${session.country}, ${d.url}, ${session.release}, ${d.name}, ${d.message}, ${d.stack}, ${JSON.stringify(d.frames)}::jsonb, ${session.synthetic})`,
    );
    const rows = await run<{ seq: number; idx: number }>(
      sql`insert into errors_occurrences (project_id, error_id, session_id, seq, idx, ts, user_key, user_id, user_anonymous_id, browser, os, device, country, url, release, name, message, stack, frames, synthetic)
       values ${joinSql(values, ', ')}
       on conflict (session_id, seq, idx) do nothing returning seq, idx`,
    );
    for (const r of rows) inserted.add(`${r.seq}:${r.idx}`);
  }
  return drafts.filter((d) => inserted.has(`${d.seq}:${d.idx}`));
}

/**
 * Widens each group's first / last occurrence with its new occurrences, takes the name,
 * message and first frame of the latest, and reopens a resolved group hit after it was
 * resolved (ignored groups stay ignored). Groups are updated in id order (no deadlock).
 */
export async function updateGroups(run: SqlRunner, fresh: readonly OccurrenceDraft[], groups: ReadonlyMap<string, string>): Promise<void> {
  const byGroup = new Map<string, { first: OccurrenceDraft; latest: OccurrenceDraft }>();
  for (const d of fresh) {
    const errorId = groups.get(d.fingerprint)!;
    const seen = byGroup.get(errorId);
    if (!seen) byGroup.set(errorId, { first: d, latest: d });
    else {
      if (d.ts < seen.first.ts) seen.first = d;
      if (d.ts >= seen.latest.ts) seen.latest = d;
    }
  }
  for (const errorId of [...byGroup.keys()].sort()) {
    const { first, latest } = byGroup.get(errorId)!;
    await run(sql`update errors_errors e set
         first_occurrence_at = least(e.first_occurrence_at, n.first_ts),
         last_occurrence_at = greatest(e.last_occurrence_at, n.last_ts),
         name = case when n.last_ts >= e.last_occurrence_at then n.name else e.name end,
         message = case when n.last_ts >= e.last_occurrence_at then n.message else e.message end,
         first_frame = case when n.last_ts >= e.last_occurrence_at then n.first_frame else e.first_frame end,
         status = case when e.status = 'resolved' and n.last_ts > coalesce(e.status_changed_at, '-infinity') then 'unresolved' else e.status end,
         status_changed_at = case when e.status = 'resolved' and n.last_ts > coalesce(e.status_changed_at, '-infinity') then now() else e.status_changed_at end
       from (select ${first.ts}::timestamptz as first_ts, ${latest.ts}::timestamptz as last_ts, ${latest.name}::text as name, ${latest.message}::text as message, ${latest.firstFrame}::text as first_frame) n
       where e.error_id = ${errorId}`);
  }
}

/** The session turned out to be a synthetic run (or stopped being one): its earlier occurrences follow. */
export async function markSynthetic(run: SqlRunner, sessionId: string, synthetic: boolean): Promise<void> {
  await run(sql`update errors_occurrences set synthetic = ${synthetic} where session_id = ${sessionId} and synthetic <> ${synthetic}`);
}

/** The user is known now: the session's earlier occurrences without one count for them. */
export async function fillUser(run: SqlRunner, sessionId: string, userId: string): Promise<void> {
  await run(sql`update errors_occurrences set user_id = ${userId}, user_key = ${userId} where session_id = ${sessionId} and user_id is null`);
}
