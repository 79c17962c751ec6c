import { badRequest, notFound, type SqlRunner } from '@cassette/plugin-sdk/server';
import { DEFAULT_INTERVAL_MINUTES, SCHEDULE_EVERY, type Scheduler } from '../../shared/model.js';
import { isTimeZone, localToUtc, nextExecution } from '../../shared/schedule-time.js';
import { notificationProblem, scheduleProblem } from '../../shared/validation.js';
import { route } from '../deps.js';
import { refuse } from '../input/refuse.js';
import { idParams, schedulerBody } from '../input/schemas.js';
import { findEnvironment } from '../store/environment-store.js';
import { countExecution, deleteScheduler, findScheduler, listSchedulers, saveScheduler, type SchedulerInput, type StoredScheduler } from '../store/scheduler-store.js';
import { findTest } from '../store/test-store.js';
import { startRun } from '../runs/start-run.js';
import { schedulerRunOptions } from '../schedule/scheduler-tick.js';
import { findRun, publicRun } from '../store/run-store.js';
import type { Run } from '../../shared/model.js';
import { SYNTHETIC_ACCESS } from './access.js';

const NOT_FOUND = 'Scheduler not found; it may have been deleted with its test.';
type Body = (typeof schedulerBody)['static'];

const answer = ({ projectId: _p, ...scheduler }: StoredScheduler): Scheduler => scheduler;

/** The body as a scheduler to store: spec §5 rules, the local hour converted to UTC minutes (§9), its next execution. */
async function readScheduler(run: SqlRunner, projectId: number, body: Body, now: number): Promise<SchedulerInput> {
  const day = body.day ?? SCHEDULE_EVERY;
  const minutes = body.minutes ?? DEFAULT_INTERVAL_MINUTES;
  const localHour = body.hour ?? 0;
  const timezone = body.timezone ?? 'UTC';
  const problems: string[] = [];
  const schedule = scheduleProblem({ day, minutes, hour: localHour });
  if (schedule) problems.push(schedule);
  if (!isTimeZone(timezone)) problems.push(`"${timezone}" is not a time zone; use an IANA name such as Europe/Berlin.`);
  for (const target of body.notifications ?? []) {
    const problem = notificationProblem(target);
    if (problem) problems.push(problem);
  }
  if (problems.length) throw refuse(problems);
  const test = await findTest(run, projectId, body.testId);
  if (!test) throw badRequest('The test to schedule does not exist in this project; choose another test.');
  if (body.environmentId !== undefined && !(await findEnvironment(run, projectId, body.environmentId))) {
    throw badRequest('That environment does not exist in this project; choose another or add it under Environments.');
  }
  const utc = localToUtc(localHour, day, timezone, now);
  const active = body.active ?? true;
  const advanced = body.advancedOptions ?? {};
  return {
    testId: body.testId,
    name: body.name?.trim() || test.name,
    minutes,
    hour: day === SCHEDULE_EVERY ? 0 : utc.hour,
    localHour,
    timezone,
    day: utc.day,
    ...(body.environmentId !== undefined ? { environmentId: body.environmentId } : {}),
    device: body.device ?? 'desktop',
    locations: body.locations ?? [],
    advancedOptions: {
      headers: advanced.headers ?? {},
      cookies: advanced.cookies ?? [],
      ...(advanced.basicAuth ? { basicAuth: advanced.basicAuth } : {}),
      network: advanced.network ?? 'wifi',
      bypassCSP: advanced.bypassCSP ?? false,
    },
    notifications: body.notifications ?? [],
    active,
    nextExecutionTime: active ? nextExecution({ day: utc.day, minutes, hour: day === SCHEDULE_EVERY ? 0 : utc.hour }, now) : null,
  };
}

export const listSchedulersRoute = route({
  method: 'GET',
  url: '/schedulers',
  access: SYNTHETIC_ACCESS,
  summary: "The project's schedulers with their next execution time and count of executions",
  schema: {},
  handler: async ({ sql, projectId }): Promise<Scheduler[]> => (await listSchedulers(sql, projectId)).map(answer),
});

export const createSchedulerRoute = route({
  method: 'POST',
  url: '/schedulers',
  access: SYNTHETIC_ACCESS,
  summary: 'Schedule a test: every N minutes (day -2, 5 to 1440, default 30), every day (-1) or on a weekday (0 Monday to 6 Sunday) at a local hour converted to UTC; notifications on failure and recovery',
  schema: { body: schedulerBody },
  handler: async ({ sql, projectId, caller, body }): Promise<Scheduler> => {
    const input = await readScheduler(sql, projectId, body, Date.now());
    const id = await saveScheduler(sql, projectId, null, input, caller.userId);
    return answer((await findScheduler(sql, projectId, id!))!);
  },
});

export const schedulerDetailRoute = route({
  method: 'GET',
  url: '/schedulers/:schedulerId',
  access: SYNTHETIC_ACCESS,
  summary: 'A scheduler',
  schema: { params: idParams.scheduler },
  handler: async ({ sql, projectId, params }): Promise<Scheduler> => {
    const scheduler = await findScheduler(sql, projectId, params.schedulerId);
    if (!scheduler) throw notFound(NOT_FOUND);
    return answer(scheduler);
  },
});

export const updateSchedulerRoute = route({
  method: 'PUT',
  url: '/schedulers/:schedulerId',
  access: SYNTHETIC_ACCESS,
  summary: 'Change a scheduler; its next execution is computed again',
  schema: { params: idParams.scheduler, body: schedulerBody },
  handler: async ({ sql, projectId, caller, params, body }): Promise<Scheduler> => {
    if (!(await findScheduler(sql, projectId, params.schedulerId))) throw notFound(NOT_FOUND);
    const input = await readScheduler(sql, projectId, body, Date.now());
    if ((await saveScheduler(sql, projectId, params.schedulerId, input, caller.userId)) === null) throw notFound(NOT_FOUND);
    return answer((await findScheduler(sql, projectId, params.schedulerId))!);
  },
});

export const deleteSchedulerRoute = route({
  method: 'DELETE',
  url: '/schedulers/:schedulerId',
  access: SYNTHETIC_ACCESS,
  summary: 'Delete a scheduler (its runs stay in history)',
  schema: { params: idParams.scheduler },
  handler: async ({ sql, projectId, params }): Promise<{ deleted: true }> => {
    if (!(await deleteScheduler(sql, projectId, params.schedulerId))) throw notFound(NOT_FOUND);
    return { deleted: true };
  },
});

export const runSchedulerNowRoute = route({
  method: 'POST',
  url: '/schedulers/:schedulerId/run',
  access: SYNTHETIC_ACCESS,
  summary: "Run the scheduler's test now, as a scheduled run (its options, counted, failures and recoveries notified); the next execution time stays",
  schema: { params: idParams.scheduler },
  handler: async ({ sql, deps, projectId, caller, params }): Promise<Run> => {
    const scheduler = await findScheduler(sql, projectId, params.schedulerId);
    if (!scheduler) throw notFound(NOT_FOUND);
    const runId = await startRun(deps, sql, { projectId, testId: scheduler.testId, schedulerId: scheduler.schedulerId, createdBy: caller.userId, options: schedulerRunOptions(scheduler) });
    await countExecution(sql, projectId, scheduler.schedulerId);
    return publicRun((await findRun(sql, runId, projectId))!);
  },
});

export const schedulerRoutes = [listSchedulersRoute, createSchedulerRoute, schedulerDetailRoute, updateSchedulerRoute, deleteSchedulerRoute, runSchedulerNowRoute];
