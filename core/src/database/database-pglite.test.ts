import { describe, expect, it } from 'vitest';
import { databaseContract } from './database.contract.js';
import { createDatabase } from './create-database.js';
import { coreEntities } from '../entities/index.js';

databaseContract('PGlite (embedded)', async (entities) => ({
  db: await createDatabase({ pgliteDir: 'memory://', pgliteTemplate: process.env.CASSETTE_PGLITE_TEMPLATE, entities: entities as never[] }),
}));

describe('an unreachable PostgreSQL', () => {
  it('stops the boot with the address (password hidden) and what to do', async () => {
    await expect(createDatabase({ databaseUrl: 'postgresql://app:secret@127.0.0.1:1/nowhere', entities: coreEntities as never[] })).rejects.toThrow(
      /Could not reach PostgreSQL at postgresql:\/\/app:\*\*\*@127.0.0.1:1\/nowhere .*Check DATABASE_URL/,
    );
  });
});
