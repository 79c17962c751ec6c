import { sql, trusted, type SqlRunner } from '@cassette/plugin-sdk/server';

/** Indexes of the tables that back no constraint (primary keys stay: they keep rows unique). */
async function secondaryIndexes(db: SqlRunner, tables: readonly string[]): Promise<{ name: string; definition: string }[]> {
  return db<{ name: string; definition: string }>(
    sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
     where i.schemaname = current_schema() and i.tablename in (${[...tables]})
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)
     order by i.tablename, i.indexname`,
  );
}

/**
 * Runs `load` with the tables' secondary indexes dropped when `defer` is set, and builds them
 * again afterwards (also when the load failed): a bulk load into an indexed table is several
 * times slower than building the index once.
 */
export async function withDeferredIndexes(db: SqlRunner, tables: readonly string[], defer: boolean, onBuild: (indexName: string) => void, load: () => Promise<void>): Promise<void> {
  const deferred = defer ? await secondaryIndexes(db, tables) : [];
  // Index names and definitions come from the catalogue, not from input.
  for (const index of deferred) await db(trusted(`drop index if exists "${index.name.replaceAll('"', '""')}"`));
  try {
    await load();
  } finally {
    for (const index of deferred) {
      onBuild(index.name);
      await db(trusted(index.definition));
    }
  }
}

/**
 * Statistics and the visibility map of tables at rest, as autovacuum keeps them: the planner
 * must know how large the tables just became, and index-only scans need the map.
 */
export async function vacuumAnalyze(db: SqlRunner, tables: readonly string[], onTable: (table: string) => void): Promise<void> {
  for (const table of tables) {
    onTable(table);
    await db(trusted(`vacuum analyze ${table}`));
  }
}
