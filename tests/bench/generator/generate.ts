import type { SqlRunner } from '@cassette/plugin-sdk/server';
import { vacuumAnalyze, withDeferredIndexes } from './bulk-load.js';
import { ACCOUNT_PAGES, BLOG_POSTS, CATEGORIES, PRODUCTS, SEARCH_TERMS } from './catalogue.js';
import { insertIdentityEventsSql } from './event-statements.js';
import { SeededRandom } from './random.js';
import { createStagingSql, dropStagingSql, insertPagesSql, insertPlanSql, stagingTables, type PlanContext } from './session-plan.js';
import { sql } from './sql.js';
import { insertSessionsSql, writeEventsAndIssuesSql } from './summary-statements.js';
import { timeWindow } from './time-window.js';


export interface GenerateOptions {
  projectId: number;
  /** Written to sessions_sessions.tenant_id. */
  tenantId?: number | null;
  /** How many sessions to add to the project. */
  sessions: number;
  /** The same seed (and `now`) gives the same data; default 1. */
  seed?: number;
  /** End of the window, epoch ms; default now. */
  now?: number;
  /** Length of the window in days, ending today; default 30. */
  days?: number;
  /** Sessions per statement; default 50,000. Larger chunks are faster and need more memory. */
  chunkSize?: number;
  /**
   * Drop the secondary indexes of the sessions tables while loading and build them again at
   * the end: several times faster for large loads. Only on a database nobody else uses meanwhile.
   */
  deferIndexes?: boolean;
  /** Called after each chunk, and while indexes are built. */
  onProgress?: (progress: GenerationProgress) => void;
}

export interface GenerationProgress {
  sessionsDone: number;
  sessionsTotal: number;
  elapsedMs: number;
  /** What is happening now (after the last chunk: index builds). */
  step: string;
}

export interface GenerationResult {
  sessions: number;
  /** Events and issues now in the project. */
  events: number;
  issues: number;
  elapsedMs: number;
  seed: number;
  /** Epoch ms: the sessions start within [from, to]. */
  window: { from: number; to: number };
}

export const LOADED_TABLES = ['sessions_sessions', 'sessions_events', 'sessions_issues'];

function validate(options: GenerateOptions): void {
  const { sessions, projectId, chunkSize } = options;
  if (!Number.isSafeInteger(sessions) || sessions < 1 || sessions > 50_000_000) throw new Error(`sessions must be 1 to 50,000,000, not ${sessions}`);
  if (!Number.isSafeInteger(projectId) || projectId < 1) throw new Error(`not a project id: ${projectId}`);
  if (chunkSize !== undefined && (!Number.isSafeInteger(chunkSize) || chunkSize < 1)) throw new Error(`chunkSize must be a positive integer, not ${chunkSize}`);
}

/**
 * Adds `sessions` realistic sessions to a project: summaries, searchable events and issues,
 * as the ingest pipeline would have stored them, with set-based SQL in chunks. Generate into a
 * project once (session ids come from the seed, the project and the session's number), and
 * not into the same project from two places at once (they would share staging tables).
 */
export async function generateSessions(db: SqlRunner, options: GenerateOptions): Promise<GenerationResult> {
  validate(options);
  const started = Date.now();
  const total = options.sessions;
  const chunkSize = options.chunkSize ?? 50_000;
  const nowMs = Math.floor(options.now ?? Date.now());
  const random = new SeededRandom(options.seed ?? 1);
  const window = timeWindow(nowMs, options.days ?? 30);
  const tables = stagingTables(options.projectId);
  const context: PlanContext = { random, projectId: options.projectId, tenantId: options.tenantId ?? null, total, window, tables };
  const items = { product: PRODUCTS, category: CATEGORIES.length, search: SEARCH_TERMS.length, blogPost: BLOG_POSTS.length, account: ACCOUNT_PAGES.length };
  const progress = (sessionsDone: number, step: string) => options.onProgress?.({ sessionsDone, sessionsTotal: total, elapsedMs: Date.now() - started, step });

  await withDeferredIndexes(db, LOADED_TABLES, options.deferIndexes === true, (name) => progress(total, `building ${name}`), async () => {
    for (const statement of createStagingSql(tables)) await db(statement);
    try {
      for (let from = 1; from <= total; from += chunkSize) {
        const to = Math.min(total, from + chunkSize - 1);
        await db(sql`truncate ${tables.plan}, ${tables.pages}, ${tables.summary}`);
        await db(insertPlanSql(context, from, to));
        await db(insertPagesSql(context, items));
        await db(insertIdentityEventsSql(context));
        await db(writeEventsAndIssuesSql(context));
        await db(insertSessionsSql(context));
        progress(to, to < total ? 'sessions' : 'done');
      }
    } finally {
      for (const statement of dropStagingSql(tables)) await db(statement);
    }
  });
  await vacuumAnalyze(db, LOADED_TABLES, (table) => progress(total, `vacuum analyze ${table}`));
  const elapsedMs = Date.now() - started;
  const [counts] = await db<{ events: number; issues: number }>(
    sql`select (select count(*) from sessions_events where project_id = ${options.projectId})::int as events, (select count(*) from sessions_issues where project_id = ${options.projectId})::int as issues`,
  );
  return { sessions: total, events: counts?.events ?? 0, issues: counts?.issues ?? 0, elapsedMs, seed: random.seed, window: { from: window.firstHourMs, to: nowMs } };
}
