import type { Logger, Migration } from '@cassette/plugin-sdk/server';
import type { DatabaseRuntime } from './create-database.js';

/** Arbitrary constant: serialises migrations when several processes boot at once. */
const MIGRATION_LOCK_KEY = 74_201_113;

export interface MigrationSet {
  owner: string;
  migrations: Migration[];
}

/**
 * Applies each owner's migrations in id order, once, each in its own transaction.
 * Applied ids are recorded per owner, so plugins can be added later.
 */
export async function runMigrations(db: DatabaseRuntime, sets: MigrationSet[], log: Logger): Promise<string[]> {
  const applied: string[] = [];
  const em = db.em();
  const connection = em.getConnection();
  await connection.execute(`create table if not exists core_migrations (
    owner text not null,
    id text not null,
    applied_at timestamptz not null default now(),
    primary key (owner, id)
  )`);
  await em.transactional(async (tx) => {
    const conn = tx.getConnection();
    const ctx = tx.getTransactionContext();
    await conn.execute('select pg_advisory_xact_lock(?)', [MIGRATION_LOCK_KEY], 'all', ctx);
    const rows = (await conn.execute('select owner, id from core_migrations', [], 'all', ctx)) as { owner: string; id: string }[];
    const done = new Set(rows.map((r) => `${r.owner}/${r.id}`));
    for (const set of sets) {
      const ids = new Set<string>();
      for (const migration of set.migrations) {
        if (ids.has(migration.id)) throw new Error(`Plugin "${set.owner}" declares migration "${migration.id}" twice`);
        ids.add(migration.id);
      }
      const pending = [...set.migrations].sort((a, b) => a.id.localeCompare(b.id)).filter((m) => !done.has(`${set.owner}/${m.id}`));
      for (const migration of pending) {
        for (const statement of migration.up) {
          try {
            await conn.execute(statement, [], 'run', ctx);
          } catch (error) {
            throw new Error(`Migration ${set.owner}/${migration.id} failed: ${(error as Error).message}`);
          }
        }
        await conn.execute('insert into core_migrations (owner, id) values (?, ?)', [set.owner, migration.id], 'run', ctx);
        applied.push(`${set.owner}/${migration.id}`);
        log.info({ owner: set.owner, migration: migration.id }, 'migration applied');
      }
    }
  });
  return applied;
}
