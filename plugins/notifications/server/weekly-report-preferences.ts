import { coreServices, sql, type ServiceFactory, type SqlRunner } from '@cassette/plugin-sdk/server';
import { notificationsServices, type WeeklyReportPreferences } from '../api.js';
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from '../shared/time-zone.js';

/** The tenant's zone and whether an admin picked it; a stored name the runtime no longer knows reads as UTC. */
export async function tenantTimeZone(run: SqlRunner, tenantId: number): Promise<{ timeZone: string; chosen: boolean }> {
  const [row] = await run<{ time_zone: string }>(sql`select time_zone from notifications_weekly_report_time_zone where tenant_id = ${tenantId}`);
  const known = row ? canonicalTimeZone(row.time_zone) : null;
  return known ? { timeZone: known, chosen: true } : { timeZone: DEFAULT_TIME_ZONE, chosen: false };
}

const serviceDeps = { database: coreServices.database };

/** What the weekly report reads of the choices kept here: the organization's zone and who turned the mail off. */
export const weeklyReportPreferencesService: ServiceFactory<WeeklyReportPreferences, typeof serviceDeps> = {
  ref: notificationsServices.weeklyReport,
  deps: serviceDeps,
  create: ({ database }) => ({
    timeZone: async (tenantId) => (await tenantTimeZone(database.sql, tenantId)).timeZone,
    async switchedOff(tenantId) {
      const rows = await database.sql<{ user_id: number }>(sql`select user_id from notifications_weekly_report where tenant_id = ${tenantId} and not enabled`);
      return new Set(rows.map((r) => Number(r.user_id)));
    },
  }),
};
