import { badRequest, HttpError, joinSql, sql, trusted, type SqlFragment } from '@cassette/plugin-sdk/server';
import type { FilterCompileContext, SessionFilterCompiler } from '../../api.js';
import type { FunnelQuery } from '../../shared/analytics.js';
import { SESSION_USER } from './session-user.js';

/**
 * How far each session of a funnel got, as `with` clauses other funnel queries build on:
 *
 * - `funnel_sessions (session_id, user_key, started_at)`: the sessions started within the range
 *   that match the session filter (the session search's compiler decides, dates from the range);
 * - `stage_k (session_id, user_key, started_at, ts, seq, idx)`: the sessions that did steps 1..k
 *   in order, with the position of their k-th step's event in the first way they did.
 *
 * The first way is the greedy one: step k's event is the earliest match after step k-1's. Taking
 * the earliest never leaves fewer events for the later steps, so a session completes steps 1..k
 * exactly when the greedy chain reaches k, and that chain is the first way (each of its events is
 * the earliest any way could use). So each stage is one set-based pass: the step's matching events
 * joined to the previous stage on the session, strictly after its event by (ts, seq, idx), the
 * earliest per session. Each pass reads only the step's own events (the compiler's shape lets the
 * event indexes serve them) and only for sessions still in the funnel; nothing runs per session.
 */

export const stageTable = (stage: number): SqlFragment => {
  if (!Number.isSafeInteger(stage) || stage < 1) throw new Error(`not a stage: ${stage}`);
  return trusted(`stage_${stage}`);
};

/** The events of step `index`, at or after the range start (a session's events never precede it); a bad step is named by its place. */
function stepEvents(compiler: SessionFilterCompiler, query: FunnelQuery, index: number, context: FilterCompileContext): SqlFragment {
  try {
    return compiler.eventsMatching(query.projectId, query.steps[index]!, { startDate: query.range.startDate }, context);
  } catch (error) {
    // The compiler names the item "step"; a funnel has several, so say which.
    if (error instanceof HttpError && error.statusCode === 400) throw badRequest(`steps[${index}]${error.message.replace(/^step\b/, '')}`);
    throw error;
  }
}

/**
 * The `with` clauses (without `with`) for stages 1..`stages` of the funnel. Statements add their
 * own clauses after these and read `funnel_sessions` and `stage_k`.
 */
export function funnelStageClauses(compiler: SessionFilterCompiler, query: FunnelQuery, context: FilterCompileContext, stages: number): SqlFragment {
  const filter = { ...(query.sessionFilter ?? {}), startDate: query.range.startDate, endDate: query.range.endDate };
  const conditions = compiler.sessionConditions(query.projectId, filter, context);
  const clauses: SqlFragment[] = [
    sql`funnel_sessions as (select s.session_id, ${SESSION_USER} as user_key, s.started_at from sessions_sessions s where ${conditions})`,
  ];
  for (let k = 1; k <= stages; k += 1) {
    const events = stepEvents(compiler, query, k - 1, context);
    const previous = k === 1 ? trusted('funnel_sessions') : stageTable(k - 1);
    const after = k === 1 ? trusted('true') : trusted('(e.ts, e.seq, e.idx) > (p.ts, p.seq, p.idx)');
    clauses.push(sql`${stageTable(k)} as (
      select distinct on (e.session_id) e.session_id, p.user_key, p.started_at, e.ts, e.seq, e.idx
      from (${events}) e join ${previous} p on p.session_id = e.session_id
      where ${after}
      order by e.session_id, e.ts, e.seq, e.idx)`);
  }
  return joinSql(clauses, ', ');
}
