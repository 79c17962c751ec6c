import { sql, trusted, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { RunSummary, Test, TestFramework, TestStep } from '../../shared/model.js';
import { epoch, fromJson } from './json.js';

/** Runs kept in a test's history as the list answers it. */
export const RUN_HISTORY_LENGTH = 20;

interface TestRow {
  test_id: number;
  name: string;
  steps: unknown;
  framework: TestFramework;
  session_id: string | null;
  generated: boolean;
  tags: unknown;
  seq_id: number;
  created_at: Date | string;
  edited_at: Date | string;
}

const COLUMNS = trusted('test_id, name, steps, framework, session_id, generated, tags, seq_id, created_at, edited_at');

export interface TestInput {
  name: string;
  steps: TestStep[];
  framework: TestFramework;
  tags: string[];
  sessionId?: string;
  generated: boolean;
}

function toTest(row: TestRow, history: RunSummary[], uptime: number | null): Test {
  return {
    testId: row.test_id,
    name: row.name,
    steps: fromJson<TestStep[]>(row.steps),
    framework: row.framework,
    ...(row.session_id ? { sessionId: row.session_id } : {}),
    generated: row.generated,
    tags: fromJson<string[]>(row.tags),
    runHistory: history,
    uptime,
    seqId: row.seq_id,
    createdAt: epoch(row.created_at)!,
    editedAt: epoch(row.edited_at)!,
  };
}

interface HistoryRow { test_id: number; run_id: number; state: RunSummary['state']; started_at: Date | null; finished_at: Date | null; scheduled: boolean }
interface UptimeRow { test_id: number; passed: number | string; finished: number | string }

async function histories(run: SqlRunner, projectId: number, testIds: number[]) {
  const byTest = new Map<number, { history: RunSummary[]; uptime: number | null }>();
  if (testIds.length === 0) return byTest;
  const rows = await run<HistoryRow>(sql`
    select test_id, run_id, state, started_at, finished_at, scheduled from (
      select test_id, run_id, state, started_at, finished_at, scheduled,
        row_number() over (partition by test_id order by created_at desc, run_id desc) as n
      from synthetic_runs where project_id = ${projectId} and test_id in (${testIds})
    ) ranked where n <= ${RUN_HISTORY_LENGTH} order by test_id, n`);
  // Uptime: the share of finished runs that passed; stopped runs say nothing about the site.
  const uptimes = await run<UptimeRow>(sql`
    select test_id, count(*) filter (where state = 'passed') as passed, count(*) filter (where state in ('passed', 'failed')) as finished
    from synthetic_runs where project_id = ${projectId} and test_id in (${testIds}) group by test_id`);
  for (const id of testIds) byTest.set(id, { history: [], uptime: null });
  for (const r of rows) {
    byTest.get(r.test_id)!.history.push({ runId: r.run_id, state: r.state, startedAt: epoch(r.started_at), finishedAt: epoch(r.finished_at), scheduled: r.scheduled });
  }
  for (const u of uptimes) {
    const finished = Number(u.finished);
    byTest.get(u.test_id)!.uptime = finished === 0 ? null : Math.round((Number(u.passed) / finished) * 1000) / 10;
  }
  return byTest;
}

export async function listTests(run: SqlRunner, projectId: number): Promise<Test[]> {
  const rows = await run<TestRow>(sql`select ${COLUMNS} from synthetic_tests where project_id = ${projectId} order by edited_at desc, test_id desc`);
  const extra = await histories(run, projectId, rows.map((r) => r.test_id));
  return rows.map((r) => toTest(r, extra.get(r.test_id)!.history, extra.get(r.test_id)!.uptime));
}

export async function findTest(run: SqlRunner, projectId: number, testId: number): Promise<Test | null> {
  const [row] = await run<TestRow>(sql`select ${COLUMNS} from synthetic_tests where project_id = ${projectId} and test_id = ${testId}`);
  if (!row) return null;
  const extra = (await histories(run, projectId, [testId])).get(testId)!;
  return toTest(row, extra.history, extra.uptime);
}

/** The tests an import step may reach, by id, for expanding imports. */
export async function findTestsByIds(run: SqlRunner, projectId: number, testIds: number[]): Promise<Map<number, { name: string; steps: TestStep[] }>> {
  if (testIds.length === 0) return new Map();
  const rows = await run<{ test_id: number; name: string; steps: unknown }>(sql`select test_id, name, steps from synthetic_tests where project_id = ${projectId} and test_id in (${testIds})`);
  return new Map(rows.map((r) => [r.test_id, { name: r.name, steps: fromJson<TestStep[]>(r.steps) }]));
}

export async function insertTest(run: SqlRunner, projectId: number, userId: number | null, input: TestInput): Promise<number> {
  const [row] = await run<{ test_id: number }>(sql`
    insert into synthetic_tests (project_id, name, steps, framework, session_id, generated, tags, created_by)
    values (${projectId}, ${input.name}, ${JSON.stringify(input.steps)}::jsonb, ${input.framework}, ${input.sessionId ?? null}, ${input.generated}, ${JSON.stringify(input.tags)}::jsonb, ${userId})
    returning test_id`);
  return row!.test_id;
}

export async function updateTest(run: SqlRunner, projectId: number, testId: number, input: Omit<TestInput, 'sessionId' | 'generated'>): Promise<boolean> {
  const rows = await run(sql`
    update synthetic_tests set name = ${input.name}, steps = ${JSON.stringify(input.steps)}::jsonb, framework = ${input.framework},
      tags = ${JSON.stringify(input.tags)}::jsonb, seq_id = seq_id + 1, edited_at = now()
    where project_id = ${projectId} and test_id = ${testId} returning test_id`);
  return rows.length > 0;
}

export async function deleteTest(run: SqlRunner, projectId: number, testId: number): Promise<boolean> {
  const rows = await run(sql`delete from synthetic_tests where project_id = ${projectId} and test_id = ${testId} returning test_id`);
  if (rows.length === 0) return false;
  await run(sql`delete from synthetic_schedulers where project_id = ${projectId} and test_id = ${testId}`);
  return true;
}

/** Tests whose steps import `testId` (a test another imports is not deleted from under it). */
export async function importersOf(run: SqlRunner, projectId: number, testId: number): Promise<string[]> {
  const rows = await run<{ name: string }>(sql`
    select name from synthetic_tests where project_id = ${projectId} and test_id <> ${testId}
      and steps @> ${JSON.stringify([{ type: 'test', testId }])}::jsonb order by name`);
  return rows.map((r) => r.name);
}
