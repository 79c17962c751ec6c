import { databaseContract } from './database.contract.js';
import { createDatabase } from './create-database.js';

databaseContract('PGlite (embedded)', async (entities) => ({
  db: await createDatabase({ pgliteDir: 'memory://', pgliteTemplate: process.env.CASSETTE_PGLITE_TEMPLATE, entities: entities as never[] }),
}));
