import { createHash, randomBytes } from 'node:crypto';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createDatabase, type EntityDefinition } from '../database/create-database.js';
import { runMigrations, type MigrationSet } from '../database/migrator.js';
import { databaseExists, renameDatabase, withTemporaryDatabase } from '../database/temporary-database.js';
import { coreEntities } from '../entities/index.js';
import type { PreparedDatabase } from '../kernel/create-services.js';
import { createCapturingLogger } from '../services/capturing-logger.js';

/**
 * Running a boot's migrations costs more than copying a database that has them: each test kernel
 * starts from a copy migrated to exactly its migrations (owners, ids, statements and order), made
 * by the first kernel of a test run that needs it. A copy is taken right after the migrations,
 * before any boot step writes, so every kernel still starts on an empty database of its own.
 */
export function migrationsFingerprint(sets: MigrationSet[]): string {
  const canonical = sets.map((set) => [set.owner, set.migrations.map((m) => [m.id, m.up])]);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex').slice(0, 16);
}

/** In-memory PGlite: migrated dumps kept beside the run's initdb dump `baseTemplate`. */
export function migratedPgliteTemplates(baseTemplate: string): (sets: MigrationSet[]) => Promise<PreparedDatabase> {
  return async (sets) => {
    const file = join(dirname(baseTemplate), `migrated-${migrationsFingerprint(sets)}.tar`);
    if (existsSync(file)) return { pgliteTemplate: file };
    return {
      pgliteTemplate: baseTemplate,
      migrated: async (db) => {
        if (!db.dumpDataDir) return;
        // Written aside and renamed: a kernel booting meanwhile reads a whole dump or none.
        const partial = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.partial`;
        writeFileSync(partial, await db.dumpDataDir());
        renameSync(partial, file);
      },
    };
  };
}

/** The name prefix of one test run's template databases (dropped when the run ends). */
export function postgresTemplatePrefix(runId: string): string {
  return `cassette_tpl_${runId}_`;
}

/**
 * PostgreSQL: creates database `name` on the server of `baseUrl` as a copy of a template
 * database migrated to `sets` (`CREATE DATABASE ... TEMPLATE`), making the template first if
 * this run has none yet. Answers how to drop the copy.
 */
export async function createMigratedPostgresDatabase(baseUrl: string, runId: string, name: string, sets: MigrationSet[]): Promise<{ drop: () => Promise<void> }> {
  const template = `${postgresTemplatePrefix(runId)}${migrationsFingerprint(sets)}`;
  if (!(await databaseExists(baseUrl, template))) {
    // Migrated under a name of its own, then renamed: nobody copies a half-migrated template,
    // and when two processes race, one rename wins and the other copy is dropped.
    const draft = await withTemporaryDatabase(baseUrl, `${template}_${randomBytes(3).toString('hex')}`);
    const draftName = new URL(draft.url).pathname.slice(1);
    try {
      const db = await createDatabase({ databaseUrl: draft.url, entities: coreEntities as EntityDefinition[] });
      try {
        await runMigrations(db, sets, createCapturingLogger());
      } finally {
        await db.close();
      }
      if (!(await renameDatabase(baseUrl, draftName, template))) await draft.drop();
    } catch (error) {
      await draft.drop();
      throw error;
    }
  }
  const copy = await withTemporaryDatabase(baseUrl, name, { template });
  return { drop: copy.drop };
}
