import { sql, trusted, type SqlRunner } from '@cassette/plugin-sdk/server';

/** A stored dashboard, before its widgets are looked up. */
export interface StoredDashboard {
  dashboardId: number;
  projectId: number;
  userId: number;
  name: string;
  description: string;
  isPublic: boolean;
  isPinned: boolean;
  createdAt: number;
}

interface DashboardRow {
  dashboard_id: number;
  project_id: number;
  user_id: number;
  name: string;
  description: string;
  is_public: boolean;
  is_pinned: boolean;
  created_at: Date | string;
}

const COLUMNS = trusted('dashboard_id, project_id, user_id, name, description, is_public, is_pinned, created_at');

function toStored(row: DashboardRow): StoredDashboard {
  return {
    dashboardId: row.dashboard_id,
    projectId: row.project_id,
    userId: row.user_id,
    name: row.name,
    description: row.description,
    isPublic: row.is_public,
    isPinned: row.is_pinned,
    createdAt: new Date(row.created_at).getTime(),
  };
}

/** The caller's dashboards and the project's public ones, oldest first (the UI selects the pinned one, else the first). */
export async function listVisibleDashboards(run: SqlRunner, projectId: number, userId: number): Promise<StoredDashboard[]> {
  const rows = await run<DashboardRow>(sql`select ${COLUMNS} from metrics_dashboards where project_id = ${projectId} and (user_id = ${userId} or is_public) order by created_at, dashboard_id`);
  return rows.map(toStored);
}

export async function findDashboard(run: SqlRunner, projectId: number, dashboardId: number): Promise<StoredDashboard | null> {
  const [row] = await run<DashboardRow>(sql`select ${COLUMNS} from metrics_dashboards where project_id = ${projectId} and dashboard_id = ${dashboardId}`);
  return row ? toStored(row) : null;
}

/** The same, locking the dashboard's row until the transaction ends: changes to its widgets happen one at a time. */
export async function lockDashboard(run: SqlRunner, projectId: number, dashboardId: number): Promise<StoredDashboard | null> {
  const [row] = await run<DashboardRow>(sql`select ${COLUMNS} from metrics_dashboards where project_id = ${projectId} and dashboard_id = ${dashboardId} for update`);
  return row ? toStored(row) : null;
}

export interface DashboardFields {
  name: string;
  description: string;
  isPublic: boolean;
}

export async function insertDashboard(run: SqlRunner, projectId: number, userId: number, d: DashboardFields): Promise<StoredDashboard> {
  const [row] = await run<DashboardRow>(sql`insert into metrics_dashboards (project_id, user_id, name, description, is_public)
    values (${projectId}, ${userId}, ${d.name}, ${d.description}, ${d.isPublic}) returning ${COLUMNS}`);
  return toStored(row!);
}

export async function updateDashboard(run: SqlRunner, projectId: number, dashboardId: number, d: DashboardFields): Promise<StoredDashboard | null> {
  const [row] = await run<DashboardRow>(sql`update metrics_dashboards set name = ${d.name}, description = ${d.description}, is_public = ${d.isPublic}, updated_at = now()
    where project_id = ${projectId} and dashboard_id = ${dashboardId} returning ${COLUMNS}`);
  return row ? toStored(row) : null;
}

export async function deleteDashboard(run: SqlRunner, projectId: number, dashboardId: number): Promise<boolean> {
  const rows = await run<{ dashboard_id: number }>(sql`delete from metrics_dashboards where project_id = ${projectId} and dashboard_id = ${dashboardId} returning dashboard_id`);
  return rows.length > 0;
}

/**
 * Spec §4: pinning sets one pinned and clears the rest, in a transaction of its own. Pins of one
 * project take turns (a transaction-scoped advisory lock), so two at once cannot both keep theirs
 * against the unique index. False when the dashboard is gone.
 */
export async function pinDashboard(run: SqlRunner, projectId: number, dashboardId: number): Promise<boolean> {
  return run.transaction(async (tx) => {
    await tx(sql`select pg_advisory_xact_lock(hashtext('metrics.pin'), ${projectId}::integer)`);
    await tx(sql`update metrics_dashboards set is_pinned = false where project_id = ${projectId} and is_pinned and dashboard_id <> ${dashboardId}`);
    const rows = await tx<{ dashboard_id: number }>(sql`update metrics_dashboards set is_pinned = true where project_id = ${projectId} and dashboard_id = ${dashboardId} returning dashboard_id`);
    return rows.length > 0;
  });
}

export async function unpinDashboard(run: SqlRunner, projectId: number, dashboardId: number): Promise<void> {
  await run(sql`update metrics_dashboards set is_pinned = false where project_id = ${projectId} and dashboard_id = ${dashboardId}`);
}
