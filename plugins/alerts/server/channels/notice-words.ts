import type { AlertNotice } from '../../api.js';
import { ALERT_PERIOD_LABELS, type AlertPeriod } from '../../shared/alert.js';

const periodLabel = (minutes: number) => ALERT_PERIOD_LABELS[minutes as AlertPeriod] ?? `${minutes} min`;

/** A figure with its unit, rounded for reading ('1,234.5 ms', '12'). */
export function figure(value: number | null, unit: 'ms' | 'count' | 'percent'): string {
  if (value === null) return 'no data';
  const rounded = Math.round(value * 10) / 10;
  const text = rounded.toLocaleString('en-US', { maximumFractionDigits: 1 });
  return unit === 'ms' ? `${text} ms` : unit === 'percent' ? `${text} %` : text;
}

/** The words every channel uses, so a notice reads the same in the app, a mail or a chat. */
export function noticeWords(n: AlertNotice) {
  const comparedUnit = n.detectionMethod === 'change' && n.change === 'percent' ? 'percent' : n.unit;
  const condition =
    n.detectionMethod === 'threshold'
      ? `${n.metricName} ${n.operator} ${figure(n.threshold, n.unit)}`
      : `${n.metricName} change ${n.operator} ${figure(n.threshold, comparedUnit)} on the previous ${periodLabel(n.previousPeriod)}`;
  const title = n.kind === 'fired' ? `Alert "${n.alertName}" triggered` : `Alert "${n.alertName}" recovered`;
  const period = `the last ${periodLabel(n.currentPeriod)}`;
  const valueLine = `${n.metricName} over ${period}: ${figure(n.value, n.unit)}`;
  const changeLine = n.detectionMethod === 'change' ? `Previous ${periodLabel(n.previousPeriod)}: ${figure(n.previousValue, n.unit)}; change: ${figure(n.compared, comparedUnit)}` : null;
  const summary =
    n.kind === 'fired'
      ? `${valueLine}. Condition: ${condition}.`
      : `${valueLine}. The condition (${condition}) no longer holds.`;
  return { title, condition, period, valueLine, changeLine, thresholdLine: `Threshold: ${condition}`, summary };
}
