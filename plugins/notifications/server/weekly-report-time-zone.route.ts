// Preferences › Notifications: the organization's weekly report time zone. Every member sees it
// (their report goes out by it); only an admin changes it, for the whole organization.
import { Type } from '@sinclair/typebox';
import { badRequest, defineRoute, sql } from '@cassette/plugin-sdk/server';
import { canonicalTimeZone } from '../shared/time-zone.js';
import { tenantTimeZone } from './weekly-report-preferences.js';

const TIME_ZONE_VIEW = Type.Object({
  timeZone: Type.String(),
  /** False while no admin picked one: reports go by UTC, and the form suggests the browser's zone. */
  chosen: Type.Boolean(),
});

export const weeklyReportTimeZoneRoute = defineRoute({
  method: 'GET',
  url: '/config/weekly_report/time_zone',
  access: { auth: 'user' },
  summary: "The organization's weekly report time zone (UTC until an admin picks one)",
  schema: { response: TIME_ZONE_VIEW },
  handler: async ({ sql: run, caller }) => tenantTimeZone(run, caller.tenantId),
});

export const setWeeklyReportTimeZoneRoute = defineRoute({
  method: 'PUT',
  url: '/config/weekly_report/time_zone',
  access: { auth: 'admin' },
  summary: "Set the organization's weekly report time zone (an IANA name such as Europe/Berlin)",
  schema: {
    body: Type.Object({ timeZone: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false }),
    response: TIME_ZONE_VIEW,
  },
  handler: async ({ sql: run, caller, body }) => {
    const timeZone = canonicalTimeZone(body.timeZone);
    if (!timeZone) throw badRequest(`Unknown time zone "${body.timeZone}": use an IANA name such as Europe/Berlin or UTC.`);
    await run(sql`insert into notifications_weekly_report_time_zone (tenant_id, time_zone, updated_by) values (${caller.tenantId}, ${timeZone}, ${caller.userId})
      on conflict (tenant_id) do update set time_zone = excluded.time_zone, updated_by = excluded.updated_by, updated_at = now()`);
    return { timeZone, chosen: true };
  },
});
