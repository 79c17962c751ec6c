import { inTransaction, type DatabaseService, type Sql } from '@cassette/plugin-sdk/server';

/** Deletes groups with everything that hangs on them: groups merged into them, fingerprints, marks. */
async function deleteGroups(sql: Sql, projectId: number, errorIds: readonly string[]): Promise<void> {
  if (!errorIds.length) return;
  const merged = await sql<{ error_id: string }>('select error_id from errors_errors where project_id = ? and parent_error_id in (?)', [projectId, errorIds]);
  const all = [...errorIds, ...merged.map((r) => r.error_id)];
  await sql('delete from errors_fingerprints where project_id = ? and error_id in (?)', [projectId, all]);
  await sql('delete from errors_viewed where error_id in (?)', [all]);
  await sql('delete from errors_favorites where error_id in (?)', [all]);
  await sql('delete from errors_errors where project_id = ? and error_id in (?)', [projectId, all]);
}

/**
 * Sessions were deleted (retention, GDPR): their occurrences go, groups left without any go
 * too, and the others' first / last occurrence shrink to what is left.
 */
export async function deleteSessionsErrors(db: DatabaseService, projectId: number, sessionIds: readonly string[]): Promise<number> {
  if (!sessionIds.length) return 0;
  return inTransaction(db, async (sql) => {
    const gone = await sql<{ error_id: string }>('delete from errors_occurrences where project_id = ? and session_id in (?) returning error_id', [projectId, sessionIds]);
    await sql('delete from errors_sessions where project_id = ? and session_id in (?)', [projectId, sessionIds]);
    const touched = [...new Set(gone.map((r) => r.error_id))].sort();
    if (!touched.length) return 0;
    const empty = await sql<{ error_id: string }>(
      `select e.error_id from errors_errors e where e.project_id = ? and e.error_id in (?)
       and not exists (select 1 from errors_occurrences o where o.project_id = e.project_id and o.error_id = e.error_id)`,
      [projectId, touched],
    );
    await deleteGroups(sql, projectId, empty.map((r) => r.error_id));
    await sql(
      `update errors_errors e set first_occurrence_at = o.first_ts, last_occurrence_at = o.last_ts
       from (select error_id, min(ts) as first_ts, max(ts) as last_ts from errors_occurrences where project_id = ? and error_id in (?) group by error_id) o
       where e.project_id = ? and e.error_id = o.error_id`,
      [projectId, touched, projectId],
    );
    return gone.length;
  });
}

/** The project was deleted: nothing of its errors is kept. */
export async function deleteProjectErrors(db: DatabaseService, projectId: number): Promise<void> {
  await inTransaction(db, async (sql) => {
    await sql('delete from errors_viewed where error_id in (select error_id from errors_errors where project_id = ?)', [projectId]);
    await sql('delete from errors_favorites where error_id in (select error_id from errors_errors where project_id = ?)', [projectId]);
    for (const table of ['errors_occurrences', 'errors_fingerprints', 'errors_sessions', 'errors_errors']) {
      await sql(`delete from ${table} where project_id = ?`, [projectId]);
    }
  });
}
