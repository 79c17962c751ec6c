import { sql, type SqlFragment, type SqlRunner } from '@cassette/plugin-sdk/server';

/**
 * Runs analytics statements with the settings they need, for their own transaction only:
 *
 * - no JIT: a funnel's estimates are far off (the planner cannot know how many sessions reach
 *   each stage), so at a million sessions PostgreSQL judged it costly enough to compile, and
 *   spent 3 of 9.6 seconds compiling it (EXPLAIN ANALYZE; PGlite has no JIT, the setting is a no-op);
 * - 64 MB for each sort and hash, where 4 MB (the default) sent the per-stage sorts of a
 *   200,000-session stage to disk, and 32 MB still sent the first stage of the benchmark's
 *   funnel at a million sessions there (318,000 page views of /products/…, 48 MB sorted in memory);
 * - no nested-loop joins: the planner cannot know that most sessions of a stage go on to the
 *   next step, guesses a few dozen where there are tens of thousands, and probes the step's
 *   index once per session (400 ms for a stage of 60,000 sessions, against 85 ms for merging
 *   the step's rows, which the index hands over in session order). Without them each stage
 *   costs at most one read of its step's rows, whatever the guesses.
 */
export function runAnalytics<T>(run: SqlRunner, statement: SqlFragment): Promise<T[]> {
  return inAnalyticsTransaction(run, (tx) => tx<T>(statement));
}

/** Several analytics statements in one transaction with those settings (what one of them keeps in a temporary table, the next can read). */
export function inAnalyticsTransaction<T>(run: SqlRunner, work: (tx: SqlRunner) => Promise<T>): Promise<T> {
  return run.transaction(async (tx) => {
    await tx(sql`set local jit = off`);
    await tx(sql`set local work_mem = '64MB'`);
    await tx(sql`set local enable_nestloop = off`);
    return work(tx);
  });
}
