import { randomBytes } from 'node:crypto';
import { databaseContract } from './database.contract.js';
import { createDatabase } from './create-database.js';
import { withTemporaryDatabase } from './temporary-database.js';

const baseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

databaseContract('PostgreSQL', async (entities) => {
  const temp = await withTemporaryDatabase(baseUrl, `cassette_contract_${randomBytes(4).toString('hex')}`);
  return { db: await createDatabase({ databaseUrl: temp.url, entities: entities as never[] }), cleanup: temp.drop };
});
