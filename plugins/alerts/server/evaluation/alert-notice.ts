import type { AlertNotice } from '../../api.js';
import type { StoredAlert } from '../store/alert-store.js';
import type { EvaluationResult } from '../store/evaluation-store.js';
import type { TriggerLabel } from './trigger-value.js';

/** The app path that opens an alert in its management panel. */
export const alertPath = (projectId: number, alertId: number) => `/${projectId}/alerts/${alertId}`;

export function alertNotice(alert: StoredAlert, kind: 'fired' | 'recovered', result: EvaluationResult, label: TriggerLabel, projectName: string, periodEnd: number, publicUrl: string): AlertNotice {
  const path = alertPath(alert.projectId, alert.alertId);
  return {
    kind,
    alertId: alert.alertId,
    alertName: alert.name,
    projectId: alert.projectId,
    projectName,
    tenantId: alert.tenantId,
    metricName: label.name,
    unit: label.unit,
    detectionMethod: alert.detectionMethod,
    change: alert.change,
    operator: alert.query.operator,
    threshold: alert.query.right,
    value: result.value,
    previousValue: result.previousValue,
    compared: result.compared,
    currentPeriod: alert.options.currentPeriod,
    previousPeriod: alert.options.previousPeriod,
    periodEnd,
    link: `${publicUrl.replace(/\/+$/, '')}${path}`,
    path,
  };
}
