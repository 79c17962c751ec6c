import { sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { Variable } from '../../shared/model.js';

interface Row { variable_id: number; name: string; value: string }
const toVariable = (r: Row): Variable => ({ variableId: r.variable_id, name: r.name, value: r.value });

export async function listVariables(run: SqlRunner, projectId: number): Promise<Variable[]> {
  return (await run<Row>(sql`select variable_id, name, value from synthetic_variables where project_id = ${projectId} order by name`)).map(toVariable);
}

export async function findVariable(run: SqlRunner, projectId: number, variableId: number): Promise<Variable | null> {
  const [row] = await run<Row>(sql`select variable_id, name, value from synthetic_variables where project_id = ${projectId} and variable_id = ${variableId}`);
  return row ? toVariable(row) : null;
}

/** Saves one; 'taken' when another variable of the project has the name. */
export async function saveVariable(run: SqlRunner, projectId: number, variableId: number | null, input: { name: string; value: string }): Promise<number | 'taken' | null> {
  const [clash] = await run(sql`select 1 from synthetic_variables where project_id = ${projectId} and name = ${input.name} and variable_id <> ${variableId ?? 0}`);
  if (clash) return 'taken';
  if (variableId === null) {
    const [row] = await run<{ variable_id: number }>(sql`insert into synthetic_variables (project_id, name, value) values (${projectId}, ${input.name}, ${input.value}) on conflict (project_id, name) do nothing returning variable_id`);
    return row?.variable_id ?? 'taken';
  }
  const rows = await run<{ variable_id: number }>(sql`update synthetic_variables set name = ${input.name}, value = ${input.value} where project_id = ${projectId} and variable_id = ${variableId} returning variable_id`);
  return rows[0]?.variable_id ?? null;
}

export async function deleteVariable(run: SqlRunner, projectId: number, variableId: number): Promise<boolean> {
  return (await run(sql`delete from synthetic_variables where project_id = ${projectId} and variable_id = ${variableId} returning variable_id`)).length > 0;
}
