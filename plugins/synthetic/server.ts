import { coreServices, definePlugin } from '@cassette/plugin-sdk/server';
import { deps, runnerPoolRef } from './server/deps.js';
import { syntheticMigrations } from './server/migrations.js';
import { environmentRoutes } from './server/routes/environments.route.js';
import { generateTestRoute } from './server/routes/gentest.route.js';
import { runFileRoutes } from './server/routes/run-files.route.js';
import { runRoutes } from './server/routes/runs.route.js';
import { schedulerRoutes } from './server/routes/schedulers.route.js';
import { templateRoutes } from './server/routes/templates.route.js';
import { testRoutes } from './server/routes/tests.route.js';
import { variableRoutes } from './server/routes/variables.route.js';
import { lighthouseAuditor } from './server/runner/lighthouse-audit.js';
import { RunnerPool } from './server/runner/runner-pool.js';
import { runTestJob, schedulerTickJob } from './server/runs/run-test.job.js';
import { notifyScheduledRun } from './server/schedule/run-notifications.js';
import { runDueSchedulers } from './server/schedule/scheduler-tick.js';
import { syntheticSettings } from './server/settings.js';
import { failAbandoned } from './server/store/run-store.js';

const TICK_MS = 60_000;

/**
 * Synthetic tests: step lists run in headless Chromium on demand or on a schedule, each run
 * recorded with step screenshots, video, console, network and a Lighthouse audit (README.md).
 */
export default definePlugin({
  id: 'synthetic',
  settings: syntheticSettings,
  deps,
  register(r) {
    r.migrations(...syntheticMigrations);
    for (const route of [...testRoutes, ...runRoutes, ...runFileRoutes, ...environmentRoutes, ...variableRoutes, ...templateRoutes, ...schedulerRoutes, generateTestRoute]) r.route(route);
    r.provide({
      ref: runnerPoolRef,
      deps: {
        database: coreServices.database,
        blobs: coreServices.blobs,
        outboundHttp: coreServices.outboundHttp,
        config: coreServices.config,
        projects: coreServices.projects,
        logger: coreServices.logger,
        settings: syntheticSettings,
      },
      create: (d) => new RunnerPool({ ...d, audit: lighthouseAuditor(d.outboundHttp) }),
    });
    r.job(runTestJob, async ({ runId }, { deps }) => {
      const state = await deps.pool.execute(runId);
      if (state) await notifyScheduledRun(deps, runId, state);
    });
    r.job(schedulerTickJob, async (_payload, { deps }) => void (await runDueSchedulers(deps, Date.now())));
  },
  async start({ deps }) {
    // Runs a crashed process left running can never finish.
    await failAbandoned(deps.database.sql, new Date(Date.now() - deps.settings.runTimeoutMs * 2));
    await deps.jobs.schedule('synthetic.schedulerTick', schedulerTickJob, {}, TICK_MS);
    return async () => {
      await deps.jobs.unschedule('synthetic.schedulerTick');
      await deps.pool.close();
    };
  },
});
