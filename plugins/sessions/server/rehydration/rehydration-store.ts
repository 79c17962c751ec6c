import { allOf, sql, type SqlFragment, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { Rehydration, RehydrationState } from '../../shared/rehydration.js';

interface RehydrationRow {
  rehydration_id: number;
  project_id: number;
  name: string;
  start_at: Date | string;
  end_at: Date | string;
  user_id: string | null;
  state: RehydrationState;
  sessions_count: number;
  processed_count: number;
  error: string | null;
  created_by: number;
  created_at: Date | string;
  finished_at: Date | string | null;
}

const ms = (d: Date | string) => new Date(d).getTime();
/** How many jobs the list shows, newest first. */
export const REHYDRATIONS_LISTED = 50;

function toRehydration(row: RehydrationRow): Rehydration {
  const sessionsCount = Number(row.sessions_count);
  const processedCount = Number(row.processed_count);
  return {
    rehydrationId: Number(row.rehydration_id),
    name: row.name,
    startAt: ms(row.start_at),
    endAt: ms(row.end_at),
    ...(row.user_id === null ? {} : { userId: row.user_id }),
    createdAt: ms(row.created_at),
    state: row.state,
    createdBy: Number(row.created_by),
    sessionsCount,
    processedCount,
    progress: row.state === 'done' ? 100 : sessionsCount === 0 ? 0 : Math.min(100, Math.floor((processedCount * 100) / sessionsCount)),
    ...(row.finished_at === null ? {} : { finishedAt: ms(row.finished_at) }),
    ...(row.error === null ? {} : { error: row.error }),
  };
}

export interface RehydrationScope {
  projectId: number;
  startAt: Date;
  endAt: Date;
  userId: string | null;
}

/** The sessions a job re-processes: ended ones (a live session is still being processed) that started in the range. */
function inScope(scope: RehydrationScope): SqlFragment {
  return allOf([
    sql`project_id = ${scope.projectId}`,
    sql`started_at >= ${scope.startAt}`,
    sql`started_at < ${scope.endAt}`,
    sql`ended_at is not null`,
    ...(scope.userId === null ? [] : [sql`user_id = ${scope.userId}`]),
  ]);
}

export async function countScope(run: SqlRunner, scope: RehydrationScope): Promise<number> {
  const [row] = await run<{ n: number }>(sql`select count(*)::int as n from sessions_sessions where ${inScope(scope)}`);
  return Number(row?.n ?? 0);
}

/** The next sessions of the scope after `afterSessionId`, by id (ids start with the start time). */
export async function nextSessions(run: SqlRunner, scope: RehydrationScope, afterSessionId: string, limit: number): Promise<string[]> {
  const rows = await run<{ session_id: string }>(sql`select session_id from sessions_sessions where ${inScope(scope)} and session_id > ${afterSessionId} order by session_id limit ${limit}`);
  return rows.map((r) => r.session_id);
}

export async function insertRehydration(run: SqlRunner, scope: RehydrationScope, name: string, createdBy: number, sessionsCount: number): Promise<Rehydration> {
  const [row] = await run<RehydrationRow>(sql`insert into sessions_rehydrations (project_id, name, start_at, end_at, user_id, state, sessions_count, created_by)
    values (${scope.projectId}, ${name}, ${scope.startAt}, ${scope.endAt}, ${scope.userId}, 'queued', ${sessionsCount}, ${createdBy}) returning *`);
  return toRehydration(row!);
}

export async function listRehydrations(run: SqlRunner, projectId: number): Promise<Rehydration[]> {
  const rows = await run<RehydrationRow>(sql`select * from sessions_rehydrations where project_id = ${projectId} order by rehydration_id desc limit ${REHYDRATIONS_LISTED}`);
  return rows.map(toRehydration);
}

export async function findRehydration(run: SqlRunner, projectId: number, rehydrationId: number): Promise<Rehydration | null> {
  const [row] = await run<RehydrationRow>(sql`select * from sessions_rehydrations where project_id = ${projectId} and rehydration_id = ${rehydrationId}`);
  return row ? toRehydration(row) : null;
}

/** The job's scope, wherever its project is (the job knows only the id). */
export async function rehydrationScope(run: SqlRunner, rehydrationId: number): Promise<(RehydrationScope & { state: RehydrationState }) | null> {
  const [row] = await run<RehydrationRow>(sql`select * from sessions_rehydrations where rehydration_id = ${rehydrationId}`);
  if (!row) return null;
  return { projectId: Number(row.project_id), startAt: new Date(row.start_at), endAt: new Date(row.end_at), userId: row.user_id, state: row.state };
}

export async function rehydrationRunning(run: SqlRunner, projectId: number): Promise<boolean> {
  const [row] = await run<{ n: number }>(sql`select count(*)::int as n from sessions_rehydrations where project_id = ${projectId} and state in ('queued', 'in progress')`);
  return Number(row?.n ?? 0) > 0;
}

export async function markStarted(run: SqlRunner, rehydrationId: number, sessionsCount: number): Promise<void> {
  await run(sql`update sessions_rehydrations set state = 'in progress', sessions_count = ${sessionsCount}, processed_count = 0, error = null where rehydration_id = ${rehydrationId}`);
}

export async function markProgress(run: SqlRunner, rehydrationId: number, processedCount: number): Promise<void> {
  await run(sql`update sessions_rehydrations set processed_count = ${processedCount} where rehydration_id = ${rehydrationId}`);
}

export async function markFinished(run: SqlRunner, rehydrationId: number, state: 'done' | 'failed', error: string | null): Promise<void> {
  await run(sql`update sessions_rehydrations set state = ${state}, error = ${error}, finished_at = now() where rehydration_id = ${rehydrationId}`);
}

export async function deleteProjectRehydrations(run: SqlRunner, projectId: number): Promise<void> {
  await run(sql`delete from sessions_rehydrations where project_id = ${projectId}`);
}
