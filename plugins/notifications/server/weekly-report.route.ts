// Preferences › Notifications: whether the caller receives the weekly report by e-mail (spec part 2 §3 "Weekly report
// config: options.weeklyReport", §7 GET and POST /config/weekly_report). A choice of each user, for themselves only.
import { Type } from '@sinclair/typebox';
import { defineRoute, sql } from '@cassette/plugin-sdk/server';

/** A user who never chose receives the report. */
export const WEEKLY_REPORT_DEFAULT = true;

const WEEKLY_REPORT_VIEW = Type.Object({ weeklyReport: Type.Boolean() });

export const weeklyReportRoute = defineRoute({
  method: 'GET',
  url: '/config/weekly_report',
  access: { auth: 'user' },
  summary: 'Whether the caller receives the weekly report',
  schema: { response: WEEKLY_REPORT_VIEW },
  handler: async ({ sql: run, caller }) => {
    const [row] = await run<{ enabled: boolean }>(sql`select enabled from notifications_weekly_report where user_id = ${caller.userId}`);
    return { weeklyReport: row?.enabled ?? WEEKLY_REPORT_DEFAULT };
  },
});

export const setWeeklyReportRoute = defineRoute({
  method: 'POST',
  url: '/config/weekly_report',
  access: { auth: 'user' },
  summary: 'Turn the weekly report on or off for the caller',
  schema: { body: Type.Object({ weeklyReport: Type.Boolean() }, { additionalProperties: false }), response: WEEKLY_REPORT_VIEW },
  handler: async ({ sql: run, caller, body }) => {
    const [row] = await run<{ enabled: boolean }>(
      sql`insert into notifications_weekly_report (user_id, tenant_id, enabled) values (${caller.userId}, ${caller.tenantId}, ${body.weeklyReport})
       on conflict (user_id) do update set enabled = excluded.enabled, tenant_id = excluded.tenant_id, updated_at = now()
       returning enabled`,
    );
    return { weeklyReport: row!.enabled };
  },
});
