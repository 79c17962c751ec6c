import { sql, trusted, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { ConsoleEntry, Device, Environment, LighthouseScores, NetworkEntry, NetworkOverview, Run, RunOptions, RunState, RunStepResult, TestStep } from '../../shared/model.js';
import { epoch, fromJson } from './json.js';

interface Row {
  run_id: number;
  project_id: number;
  test_id: number;
  name: string;
  tags: unknown;
  steps_definition: unknown;
  environment: unknown;
  scheduled: boolean;
  scheduler_id: number | null;
  browser: string;
  session_id: string | null;
  state: RunState;
  steps: unknown;
  console_logs: unknown;
  network: unknown;
  network_overview: unknown;
  lighthouse: unknown;
  screenshot: string | null;
  video: string | null;
  device: Device;
  location: string;
  options: unknown;
  failure: string | null;
  created_by: number | null;
  starter: 'user' | 'scheduler';
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
}
const COLUMNS = trusted(
  'run_id, project_id, test_id, name, tags, steps_definition, environment, scheduled, scheduler_id, browser, session_id, state, steps, console_logs, network, network_overview, lighthouse, screenshot, video, device, location, options, failure, created_by, starter, created_at, started_at, finished_at',
);
const LIST_COLUMNS = trusted(
  `run_id, project_id, test_id, name, tags, '[]'::jsonb as steps_definition, environment, scheduled, scheduler_id, browser, session_id, state, steps, '[]'::jsonb as console_logs, '[]'::jsonb as network, network_overview, lighthouse, screenshot, video, device, location, options, failure, created_by, starter, created_at, started_at, finished_at`,
);

/** A stored run with what the runner needs besides the answer's fields. */
export interface StoredRun extends Run {
  projectId: number;
  definition: TestStep[];
}

function toRun(r: Row): StoredRun {
  return {
    runId: r.run_id,
    projectId: r.project_id,
    testId: r.test_id,
    name: r.name,
    tags: fromJson<string[]>(r.tags),
    definition: fromJson<TestStep[]>(r.steps_definition),
    environment: fromJson<Environment | null>(r.environment),
    scheduled: r.scheduled,
    ...(r.scheduler_id ? { schedulerId: r.scheduler_id } : {}),
    browser: r.browser,
    ...(r.session_id ? { sessionId: r.session_id } : {}),
    state: r.state,
    steps: fromJson<RunStepResult[]>(r.steps),
    consoleLogs: fromJson<ConsoleEntry[]>(r.console_logs),
    network: fromJson<NetworkEntry[]>(r.network),
    networkOverview: fromJson<NetworkOverview | null>(r.network_overview),
    lighthouse: fromJson<LighthouseScores | null>(r.lighthouse),
    ...(r.screenshot ? { screenshot: r.screenshot } : {}),
    ...(r.video ? { video: r.video } : {}),
    device: r.device,
    location: r.location,
    options: fromJson<RunOptions>(r.options),
    ...(r.failure ? { failure: r.failure } : {}),
    ...(r.created_by ? { createdBy: r.created_by } : {}),
    starter: r.starter,
    createdAt: epoch(r.created_at)!,
    startedAt: epoch(r.started_at),
    finishedAt: epoch(r.finished_at),
  };
}

/** What the answer shows: the stored run without the runner's own fields. */
export function publicRun(run: StoredRun): Run {
  const { projectId: _p, definition: _d, ...rest } = run;
  return rest;
}

export interface NewRun {
  projectId: number;
  testId: number;
  name: string;
  tags: string[];
  definition: TestStep[];
  environment: Environment | null;
  schedulerId: number | null;
  options: RunOptions;
  createdBy: number | null;
}

export async function insertRun(run: SqlRunner, input: NewRun): Promise<number> {
  const [row] = await run<{ run_id: number }>(sql`
    insert into synthetic_runs (project_id, test_id, name, tags, steps_definition, environment, scheduled, scheduler_id, state, device, options, created_by, starter)
    values (${input.projectId}, ${input.testId}, ${input.name}, ${JSON.stringify(input.tags)}::jsonb, ${JSON.stringify(input.definition)}::jsonb, ${JSON.stringify(input.environment)}::jsonb,
      ${input.schedulerId !== null}, ${input.schedulerId}, 'queued', ${input.options.device}, ${JSON.stringify(input.options)}::jsonb, ${input.createdBy}, ${input.schedulerId !== null ? 'scheduler' : 'user'})
    returning run_id`);
  return row!.run_id;
}

export async function findRun(run: SqlRunner, runId: number, projectId?: number): Promise<StoredRun | null> {
  const inProject = projectId === undefined ? sql`` : sql`and project_id = ${projectId}`;
  const [row] = await run<Row>(sql`select ${COLUMNS} from synthetic_runs where run_id = ${runId} ${inProject}`);
  return row ? toRun(row) : null;
}

export async function listRuns(run: SqlRunner, projectId: number, filter: { testId?: number; limit: number; offset: number }): Promise<{ runs: Run[]; total: number }> {
  const byTest = filter.testId === undefined ? sql`` : sql`and test_id = ${filter.testId}`;
  const rows = await run<Row>(sql`select ${LIST_COLUMNS} from synthetic_runs where project_id = ${projectId} ${byTest} order by created_at desc, run_id desc limit ${filter.limit} offset ${filter.offset}`);
  const [count] = await run<{ n: number | string }>(sql`select count(*) as n from synthetic_runs where project_id = ${projectId} ${byTest}`);
  return { runs: rows.map((r) => publicRun(toRun(r))), total: Number(count!.n) };
}

/** Moves a queued run to running; false when it was stopped (or taken) meanwhile. */
export async function markRunning(run: SqlRunner, runId: number): Promise<boolean> {
  return (await run(sql`update synthetic_runs set state = 'running', started_at = now() where run_id = ${runId} and state = 'queued' returning run_id`)).length > 0;
}

export async function saveProgress(run: SqlRunner, runId: number, fields: { steps: RunStepResult[]; sessionId?: string | null; screenshot?: string | null }): Promise<void> {
  await run(sql`update synthetic_runs set steps = ${JSON.stringify(fields.steps)}::jsonb,
    session_id = coalesce(${fields.sessionId ?? null}, session_id), screenshot = coalesce(${fields.screenshot ?? null}, screenshot) where run_id = ${runId}`);
}

export interface RunOutcome {
  state: 'passed' | 'failed' | 'stopped';
  steps: RunStepResult[];
  consoleLogs: ConsoleEntry[];
  network: NetworkEntry[];
  networkOverview: NetworkOverview | null;
  lighthouse: LighthouseScores | null;
  screenshot: string | null;
  video: string | null;
  sessionId: string | null;
  failure: string | null;
}

/** Writes the outcome unless the run was stopped meanwhile (a stop wins; its results are still kept). */
export async function finishRun(run: SqlRunner, runId: number, outcome: RunOutcome): Promise<RunState> {
  const [row] = await run<{ state: RunState }>(sql`
    update synthetic_runs set state = case when state = 'stopped' then 'stopped' else ${outcome.state} end,
      steps = ${JSON.stringify(outcome.steps)}::jsonb, console_logs = ${JSON.stringify(outcome.consoleLogs)}::jsonb, network = ${JSON.stringify(outcome.network)}::jsonb,
      network_overview = ${JSON.stringify(outcome.networkOverview)}::jsonb, lighthouse = ${JSON.stringify(outcome.lighthouse)}::jsonb,
      screenshot = ${outcome.screenshot}, video = ${outcome.video}, session_id = coalesce(${outcome.sessionId}, session_id), failure = coalesce(failure, ${outcome.failure}),
      finished_at = coalesce(finished_at, now())
    where run_id = ${runId} returning state`);
  return row?.state ?? 'stopped';
}

/** Stops queued and running runs (one, or all of a project); answers the ids stopped. */
export async function stopRuns(run: SqlRunner, projectId: number, runId?: number): Promise<number[]> {
  const one = runId === undefined ? sql`` : sql`and run_id = ${runId}`;
  const rows = await run<{ run_id: number }>(sql`
    update synthetic_runs set state = 'stopped', finished_at = now(), failure = 'Stopped by a member'
    where project_id = ${projectId} and state in ('queued', 'running') ${one} returning run_id`);
  return rows.map((r) => r.run_id);
}

export async function runState(run: SqlRunner, runId: number): Promise<RunState | null> {
  const [row] = await run<{ state: RunState }>(sql`select state from synthetic_runs where run_id = ${runId}`);
  return row?.state ?? null;
}

/** Runs left running by a process that died: they cannot finish any more. */
export async function failAbandoned(run: SqlRunner, olderThan: Date): Promise<number> {
  const rows = await run(sql`update synthetic_runs set state = 'failed', finished_at = now(), failure = 'The browser running this test stopped answering; run it again.'
    where state = 'running' and started_at < ${olderThan} returning run_id`);
  return rows.length;
}
