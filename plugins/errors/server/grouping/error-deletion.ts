import { sql, trusted, type DatabaseService, type SqlRunner } from '@cassette/plugin-sdk/server';

/** Deletes groups with everything that hangs on them: groups merged into them, fingerprints, marks. */
async function deleteGroups(run: SqlRunner, projectId: number, errorIds: readonly string[]): Promise<void> {
  if (!errorIds.length) return;
  const merged = await run<{ error_id: string }>(sql`select error_id from errors_errors where project_id = ${projectId} and parent_error_id in (${errorIds})`);
  const all = [...errorIds, ...merged.map((r) => r.error_id)];
  await run(sql`delete from errors_fingerprints where project_id = ${projectId} and error_id in (${all})`);
  await run(sql`delete from errors_viewed where error_id in (${all})`);
  await run(sql`delete from errors_favorites where error_id in (${all})`);
  await run(sql`delete from errors_errors where project_id = ${projectId} and error_id in (${all})`);
}

/**
 * Sessions were deleted (retention, GDPR): their occurrences go, groups left without any go
 * too, and the others' first / last occurrence shrink to what is left.
 */
export async function deleteSessionsErrors(db: DatabaseService, projectId: number, sessionIds: readonly string[]): Promise<number> {
  if (!sessionIds.length) return 0;
  return db.sql.transaction(async (run) => {
    const gone = await run<{ error_id: string }>(sql`delete from errors_occurrences where project_id = ${projectId} and session_id in (${sessionIds}) returning error_id`);
    await run(sql`delete from errors_sessions where project_id = ${projectId} and session_id in (${sessionIds})`);
    const touched = [...new Set(gone.map((r) => r.error_id))].sort();
    if (!touched.length) return 0;
    const empty = await run<{ error_id: string }>(sql`select e.error_id from errors_errors e where e.project_id = ${projectId} and e.error_id in (${touched})
       and not exists (select 1 from errors_occurrences o where o.project_id = e.project_id and o.error_id = e.error_id)`);
    await deleteGroups(run, projectId, empty.map((r) => r.error_id));
    await run(sql`update errors_errors e set first_occurrence_at = o.first_ts, last_occurrence_at = o.last_ts
       from (select error_id, min(ts) as first_ts, max(ts) as last_ts from errors_occurrences where project_id = ${projectId} and error_id in (${touched}) group by error_id) o
       where e.project_id = ${projectId} and e.error_id = o.error_id`);
    return gone.length;
  });
}

/** The project was deleted: nothing of its errors is kept. */
export async function deleteProjectErrors(db: DatabaseService, projectId: number): Promise<void> {
  await db.sql.transaction(async (run) => {
    await run(sql`delete from errors_viewed where error_id in (select error_id from errors_errors where project_id = ${projectId})`);
    await run(sql`delete from errors_favorites where error_id in (select error_id from errors_errors where project_id = ${projectId})`);
    for (const table of ['errors_occurrences', 'errors_fingerprints', 'errors_sessions', 'errors_errors'].map(trusted)) {
      await run(sql`delete from ${table} where project_id = ${projectId}`);
    }
  });
}
