import { badRequest, type SqlRunner } from '@cassette/plugin-sdk/server';
import { DEFAULT_FRAMEWORK, DEFAULT_TEST_NAME, type Test, type TestFramework, type TestStep } from '../../shared/model.js';
import { normalizeTags, tagProblem, testProblems } from '../../shared/validation.js';
import { refuse } from './refuse.js';
import { findTestsByIds, type TestInput } from '../store/test-store.js';

/** Imports nest at most this deep (a test importing one that imports another...). */
export const MAX_IMPORT_DEPTH = 5;

interface TestBody {
  name?: string;
  steps: StepBody[];
  framework?: TestFramework;
  tags?: string[];
  sessionId?: string;
  generated?: boolean;
}

export interface StepBody {
  key: string;
  type: TestStep['type'];
  name?: string;
  imported?: boolean;
  isDisabled?: boolean;
  value?: string;
  selectors?: string[];
  code?: string;
  framework?: TestFramework;
  template?: number;
  testId?: number;
  steps?: unknown[];
}

/** A step as stored: the fields of its type only (an import's expanded steps are the answer's, not stored). */
export function storedStep(body: StepBody): TestStep | string {
  const base = {
    key: body.key,
    ...(body.name ? { name: body.name } : {}),
    ...(body.imported ? { imported: true } : {}),
    ...(body.isDisabled ? { isDisabled: true } : {}),
  };
  switch (body.type) {
    case 'navigate':
      return { ...base, type: 'navigate', value: body.value ?? '' };
    case 'click':
      return { ...base, type: 'click', selectors: body.selectors ?? [] };
    case 'input':
      return { ...base, type: 'input', selectors: body.selectors ?? [], value: body.value ?? '' };
    case 'custom':
      return { ...base, type: 'custom', code: body.code ?? '', ...(body.framework ? { framework: body.framework } : {}), ...(body.template !== undefined ? { template: body.template } : {}) };
    case 'test':
      return body.testId === undefined ? 'An import step needs the test to import.' : { ...base, type: 'test', testId: body.testId };
  }
}

/** The body as a test to store, with every rule of spec §5 checked (400 naming each problem). */
export async function readTestBody(run: SqlRunner, projectId: number, body: TestBody, selfId: number | null): Promise<TestInput> {
  const name = body.name === undefined ? DEFAULT_TEST_NAME : body.name.trim();
  const read = body.steps.map(storedStep);
  const steps = read.filter((s): s is TestStep => typeof s !== 'string');
  const tags = body.tags ?? [];
  const problems = read.flatMap((s, index) => (typeof s === 'string' ? [`Step ${index + 1}: ${s}`] : []));
  problems.push(...testProblems({ name, steps }).filter((p) => problems.length === 0 || !p.startsWith('Add at least one step')));
  for (const tag of tags) {
    const problem = tagProblem(tag);
    if (problem) problems.push(problem);
  }
  const keys = new Set<string>();
  for (const step of steps) {
    if (keys.has(step.key)) problems.push(`Two steps share the key "${step.key}"; give each step its own key.`);
    keys.add(step.key);
  }
  if (problems.length) throw refuse(problems);
  await checkImports(run, projectId, steps, selfId);
  return { name, steps, framework: body.framework ?? DEFAULT_FRAMEWORK, tags: normalizeTags(tags), sessionId: body.sessionId, generated: body.generated ?? false };
}

/** Every imported test exists in the project, and no test ends up importing itself. */
async function checkImports(run: SqlRunner, projectId: number, steps: TestStep[], selfId: number | null): Promise<void> {
  let frontier = steps.filter((s) => s.type === 'test').map((s) => (s as { testId: number }).testId);
  const direct = new Set(frontier);
  for (let depth = 1; frontier.length > 0; depth++) {
    if (selfId !== null && frontier.includes(selfId)) throw badRequest('A test cannot import itself, directly or through the tests it imports.');
    if (depth > MAX_IMPORT_DEPTH) throw badRequest(`Imported tests nest at most ${MAX_IMPORT_DEPTH} deep; import fewer levels.`);
    const found = await findTestsByIds(run, projectId, [...new Set(frontier)]);
    const missing = frontier.filter((id) => !found.has(id));
    if (missing.length && depth === 1 && missing.some((id) => direct.has(id))) throw badRequest(`Test ${missing[0]} to import does not exist in this project; choose another test.`);
    frontier = [...found.values()].flatMap((t) => t.steps.filter((s) => s.type === 'test').map((s) => (s as { testId: number }).testId));
  }
}

/**
 * The steps with each import's steps filled in (marked imported), as the builder shows them and
 * a run executes them. An import of a test deleted since keeps no steps.
 */
export async function expandImports(run: SqlRunner, projectId: number, steps: TestStep[], depth = 0): Promise<TestStep[]> {
  const ids = steps.filter((s) => s.type === 'test').map((s) => (s as { testId: number }).testId);
  if (ids.length === 0 || depth >= MAX_IMPORT_DEPTH) return steps;
  const found = await findTestsByIds(run, projectId, ids);
  return Promise.all(
    steps.map(async (step) => {
      if (step.type !== 'test') return step;
      const imported = found.get(step.testId);
      const nested = imported ? await expandImports(run, projectId, imported.steps, depth + 1) : [];
      return { ...step, name: step.name || imported?.name, steps: nested.map((s) => ({ ...s, imported: true })) };
    }),
  );
}

export async function withExpandedImports(run: SqlRunner, projectId: number, test: Test): Promise<Test> {
  return { ...test, steps: await expandImports(run, projectId, test.steps) };
}

/** The steps a run executes, imports inlined, in order. */
export function flattenSteps(steps: TestStep[]): TestStep[] {
  return steps.flatMap((step) => (step.type === 'test' ? (step.isDisabled ? [] : flattenSteps(step.steps ?? [])) : [step]));
}
