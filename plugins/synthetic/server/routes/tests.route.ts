import { badRequest, conflict, notFound } from '@cassette/plugin-sdk/server';
import { exportFileName, exportTest } from '../../shared/export-code.js';
import type { Test } from '../../shared/model.js';
import { route } from '../deps.js';
import { exportQuery, idParams, testBody } from '../input/schemas.js';
import { readTestBody, withExpandedImports } from '../input/test-input.js';
import { findEnvironment } from '../store/environment-store.js';
import { deleteTest, findTest, importersOf, insertTest, listTests, updateTest } from '../store/test-store.js';
import { SYNTHETIC_ACCESS, TEST_NOT_FOUND } from './access.js';

export const listTestsRoute = route({
  method: 'GET',
  url: '/tests',
  access: SYNTHETIC_ACCESS,
  summary: "The project's synthetic tests, newest edit first, each with its last 20 runs and uptime (% of finished runs passed)",
  schema: {},
  handler: async ({ sql, projectId }): Promise<Test[]> => listTests(sql, projectId),
});

export const createTestRoute = route({
  method: 'POST',
  url: '/tests',
  access: SYNTHETIC_ACCESS,
  summary: 'Save a new test (name, steps, framework, tags); at least one step and a valid name',
  schema: { body: testBody },
  handler: async ({ sql, projectId, caller, body }): Promise<Test> => {
    const input = await readTestBody(sql, projectId, body, null);
    const testId = await insertTest(sql, projectId, caller.userId, input);
    return withExpandedImports(sql, projectId, (await findTest(sql, projectId, testId))!);
  },
});

export const testDetailRoute = route({
  method: 'GET',
  url: '/tests/:testId',
  access: SYNTHETIC_ACCESS,
  summary: 'A test with its steps (imports expanded), run history and uptime',
  schema: { params: idParams.test },
  handler: async ({ sql, projectId, params }): Promise<Test> => {
    const test = await findTest(sql, projectId, params.testId);
    if (!test) throw notFound(TEST_NOT_FOUND);
    return withExpandedImports(sql, projectId, test);
  },
});

export const updateTestRoute = route({
  method: 'PUT',
  url: '/tests/:testId',
  access: SYNTHETIC_ACCESS,
  summary: "Save a test's name, steps, framework and tags (the whole list, as the builder holds it)",
  schema: { params: idParams.test, body: testBody },
  handler: async ({ sql, projectId, params, body }): Promise<Test> => {
    if (!(await findTest(sql, projectId, params.testId))) throw notFound(TEST_NOT_FOUND);
    const input = await readTestBody(sql, projectId, body, params.testId);
    if (!(await updateTest(sql, projectId, params.testId, input))) throw notFound(TEST_NOT_FOUND);
    return withExpandedImports(sql, projectId, (await findTest(sql, projectId, params.testId))!);
  },
});

export const deleteTestRoute = route({
  method: 'DELETE',
  url: '/tests/:testId',
  access: SYNTHETIC_ACCESS,
  summary: 'Delete a test and its schedulers (kept runs stay in history); refused while another test imports it',
  schema: { params: idParams.test },
  handler: async ({ sql, projectId, params }): Promise<{ deleted: true }> => {
    const importers = await importersOf(sql, projectId, params.testId);
    if (importers.length) throw conflict(`"${importers[0]}" imports this test; remove that import step first.`);
    if (!(await deleteTest(sql, projectId, params.testId))) throw notFound(TEST_NOT_FOUND);
    return { deleted: true };
  },
});

export const exportTestRoute = route({
  method: 'GET',
  url: '/tests/:testId/export',
  access: SYNTHETIC_ACCESS,
  summary: 'The test as Playwright, Cypress or Selenium code (framework, default playwright); relative addresses resolved against an environment',
  schema: { params: idParams.test, querystring: exportQuery },
  handler: async ({ sql, projectId, params, query }): Promise<{ framework: string; fileName: string; code: string }> => {
    const test = await findTest(sql, projectId, params.testId);
    if (!test) throw notFound(TEST_NOT_FOUND);
    let baseUrl: string | undefined;
    if (query.environmentId !== undefined) {
      const env = await findEnvironment(sql, projectId, query.environmentId);
      if (!env) throw badRequest('That environment does not exist in this project; choose another.');
      baseUrl = env.url;
    }
    const framework = query.framework ?? 'playwright';
    const expanded = await withExpandedImports(sql, projectId, test);
    return { framework, fileName: exportFileName(test.name, framework), code: exportTest(expanded, framework, baseUrl) };
  },
});

export const testRoutes = [listTestsRoute, createTestRoute, testDetailRoute, updateTestRoute, deleteTestRoute, exportTestRoute];
