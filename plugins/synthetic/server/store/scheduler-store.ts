import { sql, trusted, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { Device, RunState, Scheduler, SchedulerNotification } from '../../shared/model.js';
import { epoch, fromJson } from './json.js';

interface Row {
  scheduler_id: number;
  project_id: number;
  test_id: number;
  name: string;
  minutes: number;
  hour: number;
  local_hour: number;
  timezone: string;
  day: number;
  environment_id: number | null;
  device: Device;
  locations: unknown;
  advanced_options: unknown;
  notifications: unknown;
  active: boolean;
  next_execution_time: Date | string | null;
  number_of_executions: number;
  last_state: RunState | null;
}
const COLUMNS = trusted(
  'scheduler_id, project_id, test_id, name, minutes, hour, local_hour, timezone, day, environment_id, device, locations, advanced_options, notifications, active, next_execution_time, number_of_executions, last_state',
);

export type StoredScheduler = Scheduler & { projectId: number };

function toScheduler(r: Row): StoredScheduler {
  return {
    schedulerId: r.scheduler_id,
    projectId: r.project_id,
    testId: r.test_id,
    name: r.name,
    minutes: r.minutes,
    hour: r.hour,
    localHour: r.local_hour,
    timezone: r.timezone,
    day: r.day,
    ...(r.environment_id ? { environmentId: r.environment_id } : {}),
    device: r.device,
    locations: fromJson<string[]>(r.locations),
    advancedOptions: fromJson<Scheduler['advancedOptions']>(r.advanced_options),
    notifications: fromJson<SchedulerNotification[]>(r.notifications),
    active: r.active,
    nextExecutionTime: epoch(r.next_execution_time),
    numberOFExecutions: r.number_of_executions,
    ...(r.last_state ? { lastState: r.last_state } : {}),
  };
}

export type SchedulerInput = Omit<Scheduler, 'schedulerId' | 'numberOFExecutions' | 'lastState'>;

export async function listSchedulers(run: SqlRunner, projectId: number, testId?: number): Promise<StoredScheduler[]> {
  const byTest = testId === undefined ? sql`` : sql`and test_id = ${testId}`;
  return (await run<Row>(sql`select ${COLUMNS} from synthetic_schedulers where project_id = ${projectId} ${byTest} order by name, scheduler_id`)).map(toScheduler);
}

export async function findScheduler(run: SqlRunner, projectId: number, schedulerId: number): Promise<StoredScheduler | null> {
  const [row] = await run<Row>(sql`select ${COLUMNS} from synthetic_schedulers where project_id = ${projectId} and scheduler_id = ${schedulerId}`);
  return row ? toScheduler(row) : null;
}

export async function findSchedulerAnyProject(run: SqlRunner, schedulerId: number): Promise<StoredScheduler | null> {
  const [row] = await run<Row>(sql`select ${COLUMNS} from synthetic_schedulers where scheduler_id = ${schedulerId}`);
  return row ? toScheduler(row) : null;
}

export async function saveScheduler(run: SqlRunner, projectId: number, schedulerId: number | null, input: SchedulerInput, userId: number | null): Promise<number | null> {
  const next = input.nextExecutionTime === null ? null : new Date(input.nextExecutionTime);
  if (schedulerId === null) {
    const [row] = await run<{ scheduler_id: number }>(sql`
      insert into synthetic_schedulers (project_id, test_id, name, minutes, hour, local_hour, timezone, day, environment_id, device, locations, advanced_options, notifications, active, next_execution_time, created_by)
      values (${projectId}, ${input.testId}, ${input.name}, ${input.minutes}, ${input.hour}, ${input.localHour}, ${input.timezone}, ${input.day}, ${input.environmentId ?? null}, ${input.device},
        ${JSON.stringify(input.locations)}::jsonb, ${JSON.stringify(input.advancedOptions)}::jsonb, ${JSON.stringify(input.notifications)}::jsonb, ${input.active}, ${next}, ${userId})
      returning scheduler_id`);
    return row!.scheduler_id;
  }
  const rows = await run<{ scheduler_id: number }>(sql`
    update synthetic_schedulers set test_id = ${input.testId}, name = ${input.name}, minutes = ${input.minutes}, hour = ${input.hour}, local_hour = ${input.localHour},
      timezone = ${input.timezone}, day = ${input.day}, environment_id = ${input.environmentId ?? null}, device = ${input.device}, locations = ${JSON.stringify(input.locations)}::jsonb,
      advanced_options = ${JSON.stringify(input.advancedOptions)}::jsonb, notifications = ${JSON.stringify(input.notifications)}::jsonb, active = ${input.active}, next_execution_time = ${next}
    where project_id = ${projectId} and scheduler_id = ${schedulerId} returning scheduler_id`);
  return rows[0]?.scheduler_id ?? null;
}

export async function deleteScheduler(run: SqlRunner, projectId: number, schedulerId: number): Promise<boolean> {
  return (await run(sql`delete from synthetic_schedulers where project_id = ${projectId} and scheduler_id = ${schedulerId} returning scheduler_id`)).length > 0;
}

/**
 * Claims the schedulers due at `now`: each one's next time moves on and its count grows in the
 * same statement, so two processes ticking together start each run once.
 */
export async function claimDue(run: SqlRunner, now: number, nextOf: (s: StoredScheduler) => number): Promise<StoredScheduler[]> {
  return run.transaction(async (tx) => {
    const due = (await tx<Row>(sql`select ${COLUMNS} from synthetic_schedulers where active and next_execution_time <= ${new Date(now)} order by next_execution_time for update skip locked limit 50`)).map(toScheduler);
    for (const s of due) {
      await tx(sql`update synthetic_schedulers set next_execution_time = ${new Date(nextOf(s))}, number_of_executions = number_of_executions + 1 where scheduler_id = ${s.schedulerId}`);
    }
    return due;
  });
}

/** Counts a run started by hand from the scheduler (its next time stays). */
export async function countExecution(run: SqlRunner, projectId: number, schedulerId: number): Promise<void> {
  await run(sql`update synthetic_schedulers set number_of_executions = number_of_executions + 1 where project_id = ${projectId} and scheduler_id = ${schedulerId}`);
}

/** Records a finished scheduled run's state; answers the state before it (for recovery notices). */
export async function recordLastState(run: SqlRunner, schedulerId: number, state: RunState): Promise<RunState | null> {
  const [row] = await run<{ previous: RunState | null }>(sql`
    update synthetic_schedulers s set last_state = ${state} from (select last_state as previous from synthetic_schedulers where scheduler_id = ${schedulerId}) p
    where s.scheduler_id = ${schedulerId} returning p.previous`);
  return row?.previous ?? null;
}
