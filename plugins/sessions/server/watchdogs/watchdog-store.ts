import { joinSql, sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import { WATCHDOGS_PER_PROJECT, type Watchdog, type WatchdogIcon, type WatchdogKind } from '../../shared/watchdogs.js';
import type { RunnableWatchdog, WatchdogHit } from './watchdog-matcher.js';

interface WatchdogRow {
  watchdog_id: number;
  project_id: number;
  name: string;
  type: WatchdogKind;
  icon: WatchdogIcon;
  rule_id: string;
  rule_config: { value: string | number } | string;
  enabled: boolean;
  visible: boolean;
  capture_all: boolean;
  rate: number;
  created_at: Date | string;
}

const COLUMNS = sql`watchdog_id, project_id, name, type, icon, rule_id, rule_config, enabled, visible, capture_all, rate, created_at`;

function toWatchdog(row: WatchdogRow): Watchdog {
  return {
    watchdogId: Number(row.watchdog_id),
    projectId: Number(row.project_id),
    name: row.name,
    type: row.type,
    icon: row.icon,
    ruleId: row.rule_id,
    ruleConfig: typeof row.rule_config === 'string' ? JSON.parse(row.rule_config) : row.rule_config,
    enabled: row.enabled,
    visible: row.visible,
    payload: { captureAll: row.capture_all, rate: Number(row.rate) },
    createdAt: new Date(row.created_at).getTime(),
  };
}

export type WatchdogFields = Omit<Watchdog, 'watchdogId' | 'projectId' | 'createdAt'>;

export async function listWatchdogs(run: SqlRunner, projectId: number): Promise<Watchdog[]> {
  const rows = await run<WatchdogRow>(sql`select ${COLUMNS} from sessions_watchdogs where project_id = ${projectId} order by watchdog_id`);
  return rows.map(toWatchdog);
}

export async function findWatchdog(run: SqlRunner, projectId: number, watchdogId: number): Promise<Watchdog | null> {
  const [row] = await run<WatchdogRow>(sql`select ${COLUMNS} from sessions_watchdogs where project_id = ${projectId} and watchdog_id = ${watchdogId}`);
  return row ? toWatchdog(row) : null;
}

/** The rules the issues processor runs for a project's sessions. */
export async function enabledWatchdogs(run: SqlRunner, projectId: number): Promise<RunnableWatchdog[]> {
  return (await listWatchdogs(run, projectId)).filter((w) => w.enabled);
}

/** Null when the project already keeps the most rules it may (checked in the same statement). */
export async function insertWatchdog(run: SqlRunner, projectId: number, createdBy: number, f: WatchdogFields): Promise<Watchdog | null> {
  const [row] = await run<WatchdogRow>(sql`insert into sessions_watchdogs (project_id, name, type, icon, rule_id, rule_config, enabled, visible, capture_all, rate, created_by)
    select ${projectId}, ${f.name}, ${f.type}, ${f.icon}, ${f.ruleId}, ${JSON.stringify(f.ruleConfig)}::jsonb, ${f.enabled}, ${f.visible}, ${f.payload.captureAll}, ${f.payload.rate}, ${createdBy}
    where (select count(*) from sessions_watchdogs where project_id = ${projectId}) < ${WATCHDOGS_PER_PROJECT}
    returning ${COLUMNS}`);
  return row ? toWatchdog(row) : null;
}

export async function updateWatchdog(run: SqlRunner, projectId: number, watchdogId: number, f: WatchdogFields): Promise<Watchdog | null> {
  const [row] = await run<WatchdogRow>(sql`update sessions_watchdogs set name = ${f.name}, type = ${f.type}, icon = ${f.icon}, rule_id = ${f.ruleId},
      rule_config = ${JSON.stringify(f.ruleConfig)}::jsonb, enabled = ${f.enabled}, visible = ${f.visible}, capture_all = ${f.payload.captureAll}, rate = ${f.payload.rate}, updated_at = now()
    where project_id = ${projectId} and watchdog_id = ${watchdogId} returning ${COLUMNS}`);
  return row ? toWatchdog(row) : null;
}

/** Deletes the rule with what it found: its issues and its id in the sessions' `watchdogs`. */
export async function deleteWatchdog(run: SqlRunner, projectId: number, watchdogId: number): Promise<boolean> {
  return run.transaction(async (tx) => {
    const deleted = await tx<{ watchdog_id: number }>(sql`delete from sessions_watchdogs where project_id = ${projectId} and watchdog_id = ${watchdogId} returning watchdog_id`);
    if (deleted.length === 0) return false;
    await tx(sql`delete from sessions_issues where project_id = ${projectId} and type = 'watchdog' and payload->>'watchdogId' = ${String(watchdogId)}`);
    await tx(sql`update sessions_sessions set watchdogs = (select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(watchdogs) as e where e <> to_jsonb(${watchdogId}::int))
      where project_id = ${projectId} and watchdogs @> ${JSON.stringify([watchdogId])}::jsonb`);
    return true;
  });
}

/** 9 bind parameters per row. */
const HIT_CHUNK = 500;

export const hitId = (hit: Pick<WatchdogHit, 'watchdogId' | 'seq' | 'idx'>) => `watchdog:${hit.watchdogId}:${hit.seq}:${hit.idx}`;

/** Stores hits as issues of type `watchdog`; a repeated batch inserts nothing. */
export async function insertWatchdogHits(run: SqlRunner, projectId: number, sessionId: string, hits: readonly WatchdogHit[]): Promise<void> {
  for (let start = 0; start < hits.length; start += HIT_CHUNK) {
    const rows = hits
      .slice(start, start + HIT_CHUNK)
      .map((h) => sql`(${projectId}, ${sessionId}, ${hitId(h)}, 'watchdog', ${h.contextString}, ${new Date(h.timestamp)}, ${h.seq}, ${h.idx}, ${JSON.stringify(h.payload)}::jsonb)`);
    await run(sql`insert into sessions_issues (project_id, session_id, issue_id, type, context_string, ts, seq, idx, payload)
       values ${joinSql(rows, ', ')} on conflict (session_id, issue_id) do nothing`);
  }
}

/** The session's `watchdogs`: the ids of the rules that flagged it, ascending. */
export async function refreshSessionWatchdogs(run: SqlRunner, sessionId: string): Promise<void> {
  await run(sql`update sessions_sessions set watchdogs = (
      select coalesce(jsonb_agg(w order by w), '[]'::jsonb) from (select distinct (payload->>'watchdogId')::int as w from sessions_issues where session_id = ${sessionId} and type = 'watchdog') d)
    where session_id = ${sessionId}`);
}

export async function deleteProjectWatchdogs(run: SqlRunner, projectId: number): Promise<void> {
  await run(sql`delete from sessions_watchdogs where project_id = ${projectId}`);
}
