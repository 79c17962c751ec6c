import { conflict, notFound } from '@cassette/plugin-sdk/server';
import type { Variable } from '../../shared/model.js';
import { variableProblems } from '../../shared/validation.js';
import { route } from '../deps.js';
import { refuse } from '../input/refuse.js';
import { idParams, variableBody } from '../input/schemas.js';
import { deleteVariable, findVariable, listVariables, saveVariable } from '../store/variable-store.js';
import { SYNTHETIC_ACCESS } from './access.js';

const NOT_FOUND = 'Variable not found; it may have been deleted.';

function readVariable(body: { name: string; value: string }) {
  const input = { name: body.name.trim(), value: body.value };
  const problems = variableProblems(input);
  if (problems.length) throw refuse(problems);
  return input;
}

async function save(sql: Parameters<typeof saveVariable>[0], projectId: number, variableId: number | null, input: { name: string; value: string }): Promise<Variable> {
  const id = await saveVariable(sql, projectId, variableId, input);
  if (id === 'taken') throw conflict(`A variable named "${input.name}" exists already; choose another name or edit that one.`);
  if (id === null) throw notFound(NOT_FOUND);
  return (await findVariable(sql, projectId, id))!;
}

export const listVariablesRoute = route({
  method: 'GET',
  url: '/variables',
  access: SYNTHETIC_ACCESS,
  summary: "The project's variables, by name; steps use them as ${name}",
  schema: {},
  handler: async ({ sql, projectId }): Promise<Variable[]> => listVariables(sql, projectId),
});

export const createVariableRoute = route({
  method: 'POST',
  url: '/variables',
  access: SYNTHETIC_ACCESS,
  summary: 'Add a variable: a name of letters, digits or underscores starting with a letter or underscore, and a non-empty value',
  schema: { body: variableBody },
  handler: async ({ sql, projectId, body }): Promise<Variable> => save(sql, projectId, null, readVariable(body)),
});

export const updateVariableRoute = route({
  method: 'PUT',
  url: '/variables/:variableId',
  access: SYNTHETIC_ACCESS,
  summary: "Change a variable's name or value",
  schema: { params: idParams.variable, body: variableBody },
  handler: async ({ sql, projectId, params, body }): Promise<Variable> => save(sql, projectId, params.variableId, readVariable(body)),
});

export const deleteVariableRoute = route({
  method: 'DELETE',
  url: '/variables/:variableId',
  access: SYNTHETIC_ACCESS,
  summary: 'Delete a variable',
  schema: { params: idParams.variable },
  handler: async ({ sql, projectId, params }): Promise<{ deleted: true }> => {
    if (!(await deleteVariable(sql, projectId, params.variableId))) throw notFound(NOT_FOUND);
    return { deleted: true };
  },
});

export const variableRoutes = [listVariablesRoute, createVariableRoute, updateVariableRoute, deleteVariableRoute];
