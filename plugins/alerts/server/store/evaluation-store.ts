import { sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { AlertEvaluation, AlertOperator } from '../../shared/alert.js';
import type { Notice } from '../evaluation/condition.js';

/** How long a process may hold an evaluation before another may take it over (it crashed). */
export const CLAIM_MS = 5 * 60_000;

/**
 * Claims the evaluation of an alert's period: the first process gets the row's id, any other
 * null, unless the first claimed it more than CLAIM_MS ago without finishing.
 */
export async function claimEvaluation(run: SqlRunner, alertId: number, periodEnd: number, operator: AlertOperator, threshold: number, now: number): Promise<number | null> {
  const [row] = await run<{ evaluation_id: number }>(sql`
    insert into alerts_evaluations (alert_id, period_end, claimed_until, operator, threshold)
    values (${alertId}, ${new Date(periodEnd)}, ${new Date(now + CLAIM_MS)}, ${operator}, ${threshold})
    on conflict (alert_id, period_end) do update set claimed_until = excluded.claimed_until, operator = excluded.operator, threshold = excluded.threshold
      where alerts_evaluations.evaluated_at is null and alerts_evaluations.claimed_until < ${new Date(now)}
    returning evaluation_id`);
  return row ? Number(row.evaluation_id) : null;
}

export interface EvaluationResult {
  value: number | null;
  previousValue: number | null;
  compared: number | null;
  fired: boolean;
  notice: Notice;
}

export async function completeEvaluation(run: SqlRunner, evaluationId: number, r: EvaluationResult, now: number): Promise<void> {
  await run(sql`
    update alerts_evaluations set evaluated_at = ${new Date(now)}, value = ${r.value}, previous_value = ${r.previousValue}, compared = ${r.compared}, fired = ${r.fired}, notice = ${r.notice}
    where evaluation_id = ${evaluationId}`);
}

interface EvaluationRow {
  evaluation_id: number;
  period_end: Date | string;
  evaluated_at: Date | string;
  value: number | null;
  previous_value: number | null;
  compared: number | null;
  operator: AlertOperator;
  threshold: number;
  fired: boolean;
  notice: Notice;
}

const num = (v: number | null) => (v === null ? null : Number(v));

/** An alert's finished evaluations, newest period first. */
export async function listEvaluations(run: SqlRunner, alertId: number, limit: number, offset: number, window: { start?: number; end?: number } = {}): Promise<AlertEvaluation[]> {
  const start = window.start === undefined ? null : new Date(window.start);
  const end = window.end === undefined ? null : new Date(window.end);
  const rows = await run<EvaluationRow>(sql`
    select * from alerts_evaluations where alert_id = ${alertId} and evaluated_at is not null
      and (${start}::timestamptz is null or period_end >= ${start}::timestamptz)
      and (${end}::timestamptz is null or period_end <= ${end}::timestamptz)
    order by period_end desc, evaluation_id desc limit ${limit} offset ${offset}`);
  return rows.map((r) => ({
    evaluationId: Number(r.evaluation_id),
    periodEnd: new Date(r.period_end).getTime(),
    evaluatedAt: new Date(r.evaluated_at).getTime(),
    value: num(r.value),
    previousValue: num(r.previous_value),
    compared: num(r.compared),
    operator: r.operator,
    threshold: Number(r.threshold),
    fired: r.fired,
    notice: r.notice,
  }));
}

export async function recordAlertState(run: SqlRunner, alertId: number, firing: boolean, notifiedAt: number | null, now: number): Promise<void> {
  await run(sql`
    update alerts_alerts set firing = ${firing}, last_evaluated_at = ${new Date(now)},
      last_notified_at = coalesce(${notifiedAt === null ? null : new Date(notifiedAt)}::timestamptz, last_notified_at)
    where alert_id = ${alertId}`);
}
