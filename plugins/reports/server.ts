// Server wiring of the reports plugin: the weekly report e-mail (README.md).
import { definePlugin } from '@cassette/plugin-sdk/server';
import { deps } from './server/deps.js';
import { reportsMigrations } from './server/migrations.js';
import { sendDueWeeklyReports } from './server/send-weekly-reports.js';
import { WEEKLY_REPORT_CHECK_EVERY_MS, weeklyReportJob } from './server/weekly-report.job.js';

export default definePlugin({
  id: 'reports',
  deps,
  register(r) {
    r.migrations(...reportsMigrations);
    r.job(weeklyReportJob, async (_payload, ctx) => void (await sendDueWeeklyReports(ctx.deps, Date.now())));
  },
  async start({ deps }) {
    // Not unscheduled at shutdown: on Redis the schedule is shared with the other processes.
    await deps.jobs.schedule('reports.weekly', weeklyReportJob, {}, WEEKLY_REPORT_CHECK_EVERY_MS);
  },
});
