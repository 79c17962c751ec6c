import { MikroORM } from '@mikro-orm/postgresql';

const SAFE_NAME = /^[a-z0-9_]+$/;

/** Runs `work` on a short-lived connection to the server of `baseUrl`. */
async function onServer<T>(baseUrl: string, work: (execute: (statement: string, params?: unknown[]) => Promise<unknown[]>) => Promise<T>): Promise<T> {
  const admin = await MikroORM.init({ clientUrl: baseUrl, entities: [], discovery: { warnWhenNoEntities: false } });
  try {
    return await work((statement, params = []) => admin.em.getConnection().execute(statement, params) as Promise<unknown[]>);
  } finally {
    await admin.close();
  }
}

/** `baseUrl` pointing at database `name` on the same server. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates a throwaway database next to the one in `baseUrl` (tests on a real server), empty or
 * a copy of `template` (which nobody may be connected to meanwhile).
 */
export async function withTemporaryDatabase(baseUrl: string, name: string, options: { template?: string } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!SAFE_NAME.test(name)) throw new Error(`Unsafe database name ${name}`);
  if (options.template !== undefined && !SAFE_NAME.test(options.template)) throw new Error(`Unsafe database name ${options.template}`);
  await onServer(baseUrl, (execute) => execute(`create database ${name}${options.template ? ` template ${options.template}` : ''}`));
  return {
    url: databaseUrl(baseUrl, name),
    drop: () => onServer(baseUrl, (execute) => execute(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/** Whether database `name` exists on the server of `baseUrl`. */
export async function databaseExists(baseUrl: string, name: string): Promise<boolean> {
  return onServer(baseUrl, async (execute) => (await execute('select 1 from pg_database where datname = ?', [name])).length > 0);
}

/** Renames `from` to `to`; false when `to` exists already (another process made it first). */
export async function renameDatabase(baseUrl: string, from: string, to: string): Promise<boolean> {
  if (!SAFE_NAME.test(from) || !SAFE_NAME.test(to)) throw new Error(`Unsafe database name ${from} or ${to}`);
  return onServer(baseUrl, async (execute) => {
    try {
      await execute(`alter database ${from} rename to ${to}`);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === '42P04') return false;
      throw error;
    }
  });
}

/** Drops every database whose name starts with `prefix` (a test run's templates). */
export async function dropDatabasesStartingWith(baseUrl: string, prefix: string): Promise<void> {
  if (!SAFE_NAME.test(prefix)) throw new Error(`Unsafe database name prefix ${prefix}`);
  await onServer(baseUrl, async (execute) => {
    const rows = (await execute('select datname from pg_database where starts_with(datname, ?)', [prefix])) as { datname: string }[];
    for (const { datname } of rows) await execute(`drop database if exists ${datname} with (force)`);
  });
}
