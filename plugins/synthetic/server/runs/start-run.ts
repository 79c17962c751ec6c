import { badRequest, notFound, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { Environment, RunOptions, TestStep } from '../../shared/model.js';
import { VARIABLE_REFERENCE } from '../../shared/validation.js';
import type { SyntheticDeps } from '../deps.js';
import { expandImports, flattenSteps } from '../input/test-input.js';
import { defaultEnvironment, findEnvironment } from '../store/environment-store.js';
import { insertRun } from '../store/run-store.js';
import { findTest } from '../store/test-store.js';
import { listVariables } from '../store/variable-store.js';
import { TEST_NOT_FOUND } from '../routes/access.js';
import { runTestJob } from './run-test.job.js';

export interface StartRequest {
  projectId: number;
  testId: number;
  options: Partial<RunOptions>;
  schedulerId: number | null;
  createdBy: number | null;
}

/** Variables a step refers to that the project does not define. */
function undefinedVariables(steps: TestStep[], defined: Set<string>): string[] {
  const used = new Set<string>();
  for (const step of steps) {
    const texts = [step.type === 'navigate' || step.type === 'input' ? step.value : '', ...('selectors' in step ? step.selectors : [])];
    for (const text of texts) for (const match of text.matchAll(VARIABLE_REFERENCE)) used.add(match[1]!);
  }
  return [...used].filter((name) => !defined.has(name));
}

/**
 * Queues a run of the test as it is now (its steps, imports inlined, are copied into the run:
 * editing the test later does not change a run already made) and hands it to the job queue.
 */
export async function startRun(deps: Pick<SyntheticDeps, 'jobs'>, run: SqlRunner, request: StartRequest): Promise<number> {
  const test = await findTest(run, request.projectId, request.testId);
  if (!test) throw notFound(TEST_NOT_FOUND);
  let environment: Environment | null;
  if (request.options.environmentId !== undefined) {
    environment = await findEnvironment(run, request.projectId, request.options.environmentId);
    if (!environment) throw badRequest('That environment does not exist in this project; choose another or add it under Environments.');
  } else {
    environment = await defaultEnvironment(run, request.projectId);
  }
  const steps = flattenSteps(await expandImports(run, request.projectId, test.steps)).filter((s) => !s.isDisabled);
  if (steps.length === 0) throw badRequest('Every step of this test is disabled; enable a step to run it.');
  const first = steps[0]!;
  if (first.type !== 'navigate') throw badRequest('A run starts by opening a page: make the first enabled step a navigate step.');
  if (!/^https?:\/\//i.test(first.value) && !environment) throw badRequest(`The first step opens "${first.value}", a relative address: add an environment whose URL it opens against.`);
  const variables = await listVariables(run, request.projectId);
  const missing = undefinedVariables(steps, new Set(variables.map((v) => v.name)));
  if (missing.length) throw badRequest(`The steps use \${${missing[0]}}, which is not defined: add it under Variables.`);
  const options: RunOptions = {
    ...(environment ? { environmentId: environment.environmentId } : {}),
    device: request.options.device ?? 'desktop',
    network: request.options.network ?? 'wifi',
    headers: request.options.headers ?? {},
    cookies: request.options.cookies ?? [],
    ...(request.options.basicAuth ? { basicAuth: request.options.basicAuth } : {}),
    bypassCSP: request.options.bypassCSP ?? false,
  };
  const runId = await insertRun(run, {
    projectId: request.projectId,
    testId: test.testId,
    name: test.name,
    tags: test.tags,
    definition: steps,
    environment,
    schedulerId: request.schedulerId,
    options,
    createdBy: request.createdBy,
  });
  await deps.jobs.enqueue(runTestJob, { runId }, { jobId: `synthetic-run-${runId}` });
  return runId;
}
