import { MikroORM } from '@mikro-orm/postgresql';

/**
 * Creating and dropping the benchmark's own databases on a PostgreSQL server, through its
 * maintenance database. Names are made here (cassette_bench_<sessions>), never taken from input.
 */

function checkedName(name: string): string {
  if (!/^cassette_bench_[a-z0-9_]+$/.test(name)) throw new Error(`refusing to touch database "${name}": only cassette_bench_* databases belong to the benchmark`);
  return name;
}

async function withAdmin<T>(adminUrl: string, work: (execute: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T> {
  const orm = await MikroORM.init({ clientUrl: adminUrl, entities: [], discovery: { warnWhenNoEntities: false }, pool: { min: 0, max: 1 } });
  try {
    const connection = orm.em.getConnection();
    return await work(async (sql, params = []) => (await connection.execute(sql, params)) as Record<string, unknown>[]);
  } finally {
    await orm.close(true);
  }
}

export async function isReachable(adminUrl: string): Promise<boolean> {
  try {
    await withAdmin(adminUrl, (execute) => execute('select 1'));
    return true;
  } catch {
    return false;
  }
}

export async function databaseExists(adminUrl: string, name: string): Promise<boolean> {
  const rows = await withAdmin(adminUrl, (execute) => execute('select 1 from pg_database where datname = ?', [checkedName(name)]));
  return rows.length > 0;
}

export async function recreateDatabase(adminUrl: string, name: string): Promise<void> {
  const safe = checkedName(name);
  await withAdmin(adminUrl, async (execute) => {
    await execute(`drop database if exists ${safe} with (force)`);
    await execute(`create database ${safe}`);
  });
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${checkedName(name)}`;
  return url.toString();
}
