import { sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { Environment } from '../../shared/model.js';

interface Row { environment_id: number; name: string; url: string; is_default: boolean }
const toEnvironment = (r: Row): Environment => ({ environmentId: r.environment_id, name: r.name, url: r.url, default: r.is_default });

export async function listEnvironments(run: SqlRunner, projectId: number): Promise<Environment[]> {
  return (await run<Row>(sql`select environment_id, name, url, is_default from synthetic_environments where project_id = ${projectId} order by is_default desc, name, environment_id`)).map(toEnvironment);
}

export async function findEnvironment(run: SqlRunner, projectId: number, environmentId: number): Promise<Environment | null> {
  const [row] = await run<Row>(sql`select environment_id, name, url, is_default from synthetic_environments where project_id = ${projectId} and environment_id = ${environmentId}`);
  return row ? toEnvironment(row) : null;
}

export async function defaultEnvironment(run: SqlRunner, projectId: number): Promise<Environment | null> {
  const [row] = await run<Row>(sql`select environment_id, name, url, is_default from synthetic_environments where project_id = ${projectId} order by is_default desc, environment_id limit 1`);
  return row ? toEnvironment(row) : null;
}

/** Saves one; the project keeps one default, so marking this one unmarks the others. */
export async function saveEnvironment(run: SqlRunner, projectId: number, environmentId: number | null, input: { name: string; url: string; default: boolean }): Promise<number | null> {
  return run.transaction(async (tx) => {
    if (input.default) await tx(sql`update synthetic_environments set is_default = false where project_id = ${projectId}`);
    if (environmentId === null) {
      const [row] = await tx<{ environment_id: number }>(sql`insert into synthetic_environments (project_id, name, url, is_default) values (${projectId}, ${input.name}, ${input.url}, ${input.default}) returning environment_id`);
      return row!.environment_id;
    }
    const rows = await tx<{ environment_id: number }>(sql`update synthetic_environments set name = ${input.name}, url = ${input.url}, is_default = ${input.default} where project_id = ${projectId} and environment_id = ${environmentId} returning environment_id`);
    return rows[0]?.environment_id ?? null;
  });
}

export async function deleteEnvironment(run: SqlRunner, projectId: number, environmentId: number): Promise<boolean> {
  return (await run(sql`delete from synthetic_environments where project_id = ${projectId} and environment_id = ${environmentId} returning environment_id`)).length > 0;
}
