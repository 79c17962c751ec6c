// An alert's notice in the words of a webhook message: the same facts the in-app notice and the
// mail give (value, condition, period, project, link), for a chat channel or a generic receiver.
import type { AlertNotice } from '@cassette/plugin-alerts/api';
import type { WebhookMessage } from '@cassette/plugin-webhooks/api';
import type { AlertWebhookData, AlertWebhookEvent } from '../api.js';

const PERIOD_NAMES: Record<number, string> = { 15: '15 min', 30: '30 min', 60: '1 hour', 120: '2 hours', 240: '4 hours', 1440: '1 day' };
const periodName = (minutes: number) => PERIOD_NAMES[minutes] ?? `${minutes} min`;

/** A figure with its unit, rounded for reading ('1,234.5 ms', '12', '50 %'). */
export function figure(value: number | null, unit: 'ms' | 'count' | 'percent'): string {
  if (value === null) return 'no data';
  const text = (Math.round(value * 10) / 10).toLocaleString('en-US', { maximumFractionDigits: 1 });
  return unit === 'ms' ? `${text} ms` : unit === 'percent' ? `${text} %` : text;
}

export const eventOf = (notice: Pick<AlertNotice, 'kind'>): AlertWebhookEvent => (notice.kind === 'fired' ? 'alert.triggered' : 'alert.recovered');

/** The notice's fields a receiver may act on; the tenant and the in-app path stay with us. */
export function alertData(notice: AlertNotice): AlertWebhookData {
  const { tenantId: _tenant, path: _path, ...data } = notice;
  return data;
}

export function alertMessage(notice: AlertNotice): WebhookMessage {
  const comparedUnit = notice.detectionMethod === 'change' && notice.change === 'percent' ? 'percent' : notice.unit;
  const condition =
    notice.detectionMethod === 'threshold'
      ? `${notice.metricName} ${notice.operator} ${figure(notice.threshold, notice.unit)}`
      : `${notice.metricName} change ${notice.operator} ${figure(notice.threshold, comparedUnit)} on the previous ${periodName(notice.previousPeriod)}`;
  const lines = [
    `${notice.metricName} over the last ${periodName(notice.currentPeriod)}: ${figure(notice.value, notice.unit)}`,
    ...(notice.detectionMethod === 'change'
      ? [`Previous ${periodName(notice.previousPeriod)}: ${figure(notice.previousValue, notice.unit)}; change: ${figure(notice.compared, comparedUnit)}`]
      : []),
    `Threshold: ${condition}`,
    `Project: ${notice.projectName}`,
    notice.kind === 'fired' ? 'The condition holds.' : 'The condition no longer holds.',
    `Open the alert: ${notice.link}`,
  ];
  return {
    event: eventOf(notice),
    title: notice.kind === 'fired' ? `Alert "${notice.alertName}" triggered` : `Alert "${notice.alertName}" recovered`,
    text: lines.join('\n'),
    link: notice.link,
    data: { ...alertData(notice) },
  };
}
