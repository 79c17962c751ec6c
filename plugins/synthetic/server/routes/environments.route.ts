import { notFound } from '@cassette/plugin-sdk/server';
import type { Environment } from '../../shared/model.js';
import { environmentProblems } from '../../shared/validation.js';
import { route } from '../deps.js';
import { refuse } from '../input/refuse.js';
import { environmentBody, idParams } from '../input/schemas.js';
import { deleteEnvironment, findEnvironment, listEnvironments, saveEnvironment } from '../store/environment-store.js';
import { SYNTHETIC_ACCESS } from './access.js';

const NOT_FOUND = 'Environment not found; it may have been deleted.';

function readEnvironment(body: { name: string; url: string; default?: boolean }) {
  const input = { name: body.name.trim(), url: body.url.trim(), default: body.default ?? false };
  const problems = environmentProblems(input);
  if (problems.length) throw refuse(problems);
  return input;
}

export const listEnvironmentsRoute = route({
  method: 'GET',
  url: '/environments',
  access: SYNTHETIC_ACCESS,
  summary: "The project's environments (name, URL), the default first",
  schema: {},
  handler: async ({ sql, projectId }): Promise<Environment[]> => listEnvironments(sql, projectId),
});

export const createEnvironmentRoute = route({
  method: 'POST',
  url: '/environments',
  access: SYNTHETIC_ACCESS,
  summary: 'Add an environment: a name and the http(s) URL relative steps open against; default marks the one runs use unless told',
  schema: { body: environmentBody },
  handler: async ({ sql, projectId, body }): Promise<Environment> => {
    const id = await saveEnvironment(sql, projectId, null, readEnvironment(body));
    return (await findEnvironment(sql, projectId, id!))!;
  },
});

export const updateEnvironmentRoute = route({
  method: 'PUT',
  url: '/environments/:environmentId',
  access: SYNTHETIC_ACCESS,
  summary: "Change an environment's name, URL or default flag",
  schema: { params: idParams.environment, body: environmentBody },
  handler: async ({ sql, projectId, params, body }): Promise<Environment> => {
    const input = readEnvironment(body);
    if (!(await findEnvironment(sql, projectId, params.environmentId))) throw notFound(NOT_FOUND);
    await saveEnvironment(sql, projectId, params.environmentId, input);
    return (await findEnvironment(sql, projectId, params.environmentId))!;
  },
});

export const deleteEnvironmentRoute = route({
  method: 'DELETE',
  url: '/environments/:environmentId',
  access: SYNTHETIC_ACCESS,
  summary: 'Delete an environment (schedulers using it fall back to the default)',
  schema: { params: idParams.environment },
  handler: async ({ sql, projectId, params }): Promise<{ deleted: true }> => {
    if (!(await deleteEnvironment(sql, projectId, params.environmentId))) throw notFound(NOT_FOUND);
    return { deleted: true };
  },
});

export const environmentRoutes = [listEnvironmentsRoute, createEnvironmentRoute, updateEnvironmentRoute, deleteEnvironmentRoute];
