// Public surface of the alert-webhooks plugin: what a generic receiver gets for an alert (types only).

/** The `event` of an alert's webhook message: a condition started holding (or still holds), or stopped. */
export type AlertWebhookEvent = 'alert.triggered' | 'alert.recovered';

/**
 * The `data` of a generic webhook's JSON for an alert: the notice's fields as the alerts plugin
 * sends them to every channel (`AlertNotice` of `@cassette/plugin-alerts/api`, `path` left out).
 */
export interface AlertWebhookData {
  kind: 'fired' | 'recovered';
  alertId: number;
  alertName: string;
  projectId: number;
  projectName: string;
  metricName: string;
  unit: 'ms' | 'count';
  detectionMethod: 'threshold' | 'change';
  change: 'absolute' | 'percent';
  operator: string;
  threshold: number;
  value: number | null;
  previousValue: number | null;
  compared: number | null;
  /** Minutes. */
  currentPeriod: number;
  previousPeriod: number;
  /** Epoch ms: the end of the period read. */
  periodEnd: number;
  link: string;
}
