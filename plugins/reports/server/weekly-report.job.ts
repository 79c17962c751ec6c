import { Type } from '@sinclair/typebox';
import { defineJob } from '@cassette/plugin-sdk/server';

/** Hourly: a tenant's report goes out within an hour after Monday 08:00 in its zone. */
export const WEEKLY_REPORT_CHECK_EVERY_MS = 60 * 60_000;

export const weeklyReportJob = defineJob({
  name: 'reports.weekly',
  schema: Type.Object({}),
  attempts: 1,
});
