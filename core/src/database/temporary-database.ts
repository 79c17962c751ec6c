import { MikroORM } from '@mikro-orm/postgresql';

/** Creates a throwaway database next to the one in `baseUrl` (tests on a real server). */
export async function withTemporaryDatabase(baseUrl: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unsafe database name ${name}`);
  const admin = await MikroORM.init({ clientUrl: baseUrl, entities: [], discovery: { warnWhenNoEntities: false } });
  await admin.em.getConnection().execute(`create database ${name}`);
  await admin.close();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = await MikroORM.init({ clientUrl: baseUrl, entities: [], discovery: { warnWhenNoEntities: false } });
      await again.em.getConnection().execute(`drop database if exists ${name} with (force)`);
      await again.close();
    },
  };
}
