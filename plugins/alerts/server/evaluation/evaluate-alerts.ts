import type { AlertsDeps } from '../deps.js';
import { listActiveAlerts, type StoredAlert } from '../store/alert-store.js';
import { insertDeliveries, type NewDelivery } from '../store/delivery-store.js';
import { claimEvaluation, completeEvaluation, recordAlertState, type EvaluationResult } from '../store/evaluation-store.js';
import { deliverAlertJob } from '../delivery/deliver-alert.job.js';
import type { AlertNotice } from '../../api.js';
import { alertNotice } from './alert-notice.js';
import { comparedValue, conditionHolds, decideNotice } from './condition.js';
import { periodEndAt, periodRanges } from './periods.js';
import { readerContext, triggerLabel, triggerValue } from './trigger-value.js';

export interface EvaluationOutcome {
  alertId: number;
  evaluationId: number;
  result: EvaluationResult;
}

/** The deliveries a notice makes: the in-app one, then one per recipient of the alert's channels. */
function plannedDeliveries(deps: Pick<AlertsDeps, 'runtime'>, alert: StoredAlert): NewDelivery[] {
  const channels = deps.runtime.channels;
  const planned: NewDelivery[] = channels.filter((c) => c.messageType === null).map((c) => ({ channel: c.id, recipient: 'project', status: 'pending', error: null }));
  for (const message of alert.options.message) {
    const channel = channels.find((c) => c.messageType === message.type);
    planned.push(
      channel
        ? { channel: channel.id, recipient: message.value, status: 'pending', error: null }
        : { channel: message.type, recipient: message.value, status: 'skipped', error: `No ${message.type} channel is installed.` },
    );
  }
  return planned;
}

/** Computes one claimed evaluation, records it with the alert's new state and its deliveries, in one transaction; answers the deliveries to send. */
async function evaluate(deps: AlertsDeps, alert: StoredAlert, evaluationId: number, periodEnd: number, now: number): Promise<{ result: EvaluationResult; deliveryIds: number[] }> {
  const { current, previous } = periodRanges(periodEnd, alert.options.currentPeriod, alert.options.previousPeriod);
  const context = await readerContext(deps, alert.projectId, alert.reader);
  const ask = (range: typeof current) => triggerValue(deps, alert.projectId, alert.query.left, range, alert.reader, context);
  const [value, previousValue] = await Promise.all([ask(current), alert.detectionMethod === 'change' ? ask(previous) : Promise.resolve(null)]);
  const compared = comparedValue(alert.detectionMethod, alert.change, value, previousValue);
  const fired = conditionHolds(alert.query.operator, compared, alert.query.right);
  const decision = decideNotice({ firing: alert.firing, lastNotifiedAt: alert.lastNotifiedAt }, compared, fired, now, alert.options.renotifyInterval);
  const result: EvaluationResult = { value, previousValue, compared, fired, notice: decision.notice };
  let notice: AlertNotice | null = null;
  if (decision.notice) {
    const [label, project] = await Promise.all([triggerLabel(deps, alert.projectId, alert.reader, alert.query.left), deps.projects.get(alert.projectId)]);
    notice = alertNotice(alert, decision.notice, result, label, project?.name ?? '', periodEnd, deps.config.publicUrl);
  }
  const deliveryIds = await deps.database.sql.transaction(async (tx) => {
    await completeEvaluation(tx, evaluationId, result, now);
    await recordAlertState(tx, alert.alertId, decision.firing, decision.notice === 'fired' ? now : null, now);
    return notice ? insertDeliveries(tx, evaluationId, notice, plannedDeliveries(deps, alert)) : [];
  });
  return { result, deliveryIds };
}

/**
 * Evaluates every active alert whose last whole period at `now` was not evaluated yet. Several
 * processes may run this at once: the claim lets one of them evaluate each alert's period. An
 * alert that fails (its metric cannot be read) is logged and left to the next run, once its
 * claim expires; the others go on.
 */
export async function evaluateDueAlerts(deps: AlertsDeps, now: number): Promise<EvaluationOutcome[]> {
  const outcomes: EvaluationOutcome[] = [];
  for (const alert of await listActiveAlerts(deps.database.sql)) {
    const periodEnd = periodEndAt(now, alert.anchoredAt, alert.options.currentPeriod);
    if (periodEnd === null) continue;
    const evaluationId = await claimEvaluation(deps.database.sql, alert.alertId, periodEnd, alert.query.operator, alert.query.right, now);
    if (evaluationId === null) continue;
    try {
      const { result, deliveryIds } = await evaluate(deps, alert, evaluationId, periodEnd, now);
      for (const deliveryId of deliveryIds) await deps.jobs.enqueue(deliverAlertJob, { deliveryId }, { jobId: `alerts-deliver-${deliveryId}` });
      outcomes.push({ alertId: alert.alertId, evaluationId, result });
    } catch (err) {
      deps.logger.error({ err, alertId: alert.alertId }, 'alert evaluation failed');
    }
  }
  return outcomes;
}
