import { sql, type DatabaseService } from '@cassette/plugin-sdk/server';

/** A deleted project keeps no dashboards or metrics (widgets and series go with them). */
export async function deleteProjectMetrics(db: DatabaseService, projectId: number): Promise<void> {
  await db.sql.transaction(async (run) => {
    await run(sql`delete from metrics_dashboards where project_id = ${projectId}`);
    await run(sql`delete from metrics_metrics where project_id = ${projectId}`);
  });
}
