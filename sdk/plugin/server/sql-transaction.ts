import type { DatabaseService } from './services.js';

/** Plain SQL with `?` placeholders (an array expands to a list), bound to one transaction. */
export type Sql = <T = Record<string, unknown>>(sql: string, params?: readonly unknown[]) => Promise<T[]>;

/**
 * Runs `work` in one transaction with a plain-SQL function bound to it: what a processor writes
 * for a batch, and the state it keeps after it, commit together, so a crash repeats the batch
 * from the state before it.
 */
export function inTransaction<T>(db: DatabaseService, work: (sql: Sql) => Promise<T>): Promise<T> {
  return db.transaction((tx) => {
    const connection = tx.getConnection();
    const sql: Sql = async <R>(statement: string, params: readonly unknown[] = []) =>
      (await connection.execute(statement, [...params], 'all', tx.getTransactionContext())) as R[];
    return work(sql);
  });
}
