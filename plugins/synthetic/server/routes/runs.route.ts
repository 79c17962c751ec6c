import { notFound } from '@cassette/plugin-sdk/server';
import type { Run } from '../../shared/model.js';
import { route } from '../deps.js';
import { idParams, runsQuery, startRunBody } from '../input/schemas.js';
import { startRun } from '../runs/start-run.js';
import { findRun, listRuns, publicRun, stopRuns } from '../store/run-store.js';
import { RUN_NOT_FOUND, SYNTHETIC_ACCESS } from './access.js';

export const startRunRoute = route({
  method: 'POST',
  url: '/tests/:testId/runs',
  access: SYNTHETIC_ACCESS,
  summary: 'Start a run of the test (queued, then running) with an environment, device, network profile, headers, cookies, basic auth and bypass-CSP',
  schema: { params: idParams.test, body: startRunBody },
  handler: async ({ sql, deps, projectId, caller, params, body }): Promise<Run> => {
    const runId = await startRun(deps, sql, { projectId, testId: params.testId, options: body, schedulerId: null, createdBy: caller.userId });
    return publicRun((await findRun(sql, runId, projectId))!);
  },
});

export const listRunsRoute = route({
  method: 'GET',
  url: '/runs',
  access: SYNTHETIC_ACCESS,
  summary: "The project's runs, newest first (testId narrows to one test; page and limit, default 20); without console and network",
  schema: { querystring: runsQuery },
  handler: async ({ sql, projectId, query }): Promise<{ runs: Run[]; total: number }> => {
    const limit = query.limit ?? 20;
    return listRuns(sql, projectId, { testId: query.testId, limit, offset: ((query.page ?? 1) - 1) * limit });
  },
});

export const runDetailRoute = route({
  method: 'GET',
  url: '/runs/:runId',
  access: SYNTHETIC_ACCESS,
  summary: "Check a run: its state, steps with timings, screenshots and failure text, console, network, network overview, Lighthouse scores and video",
  schema: { params: idParams.run },
  handler: async ({ sql, projectId, params }): Promise<Run> => {
    const run = await findRun(sql, params.runId, projectId);
    if (!run) throw notFound(RUN_NOT_FOUND);
    return publicRun(run);
  },
});

export const stopRunRoute = route({
  method: 'POST',
  url: '/runs/:runId/stop',
  access: SYNTHETIC_ACCESS,
  summary: 'Stop a queued or running run (its browser is closed); a finished run stays as it is',
  schema: { params: idParams.run },
  handler: async ({ sql, deps, projectId, params }): Promise<Run> => {
    if (!(await findRun(sql, params.runId, projectId))) throw notFound(RUN_NOT_FOUND);
    const stopped = await stopRuns(sql, projectId, params.runId);
    for (const runId of stopped) deps.pool.stop(runId);
    return publicRun((await findRun(sql, params.runId, projectId))!);
  },
});

export const stopAllRunsRoute = route({
  method: 'POST',
  url: '/runs/stop',
  access: SYNTHETIC_ACCESS,
  summary: "Stop every queued and running run of the project",
  schema: {},
  handler: async ({ sql, deps, projectId }): Promise<{ stopped: number[] }> => {
    const stopped = await stopRuns(sql, projectId);
    for (const runId of stopped) deps.pool.stop(runId);
    return { stopped };
  },
});

export const runRoutes = [startRunRoute, listRunsRoute, stopAllRunsRoute, runDetailRoute, stopRunRoute];
