// An alert as the alerts routes answer and take it (spec part 1 §3 "Alert", §5, §9).

/** Spec part 1 §9: the periods an alert reads, in minutes (15 min, 30 min, 1 hour, 2 hours, 4 hours, 1 day). */
export const ALERT_PERIODS = [15, 30, 60, 120, 240, 1440] as const;
export type AlertPeriod = (typeof ALERT_PERIODS)[number];
export const ALERT_PERIOD_LABELS: Record<AlertPeriod, string> = { 15: '15 min', 30: '30 min', 60: '1 hour', 120: '2 hours', 240: '4 hours', 1440: '1 day' };
/** Spec part 1 §9: periods default 15/15. */
export const DEFAULT_PERIOD: AlertPeriod = 15;

export const ALERT_OPERATORS = ['=', '<', '>', '<=', '>='] as const;
export type AlertOperator = (typeof ALERT_OPERATORS)[number];

export const DETECTION_METHODS = ['threshold', 'change'] as const;
export type DetectionMethod = (typeof DETECTION_METHODS)[number];
export const CHANGE_KINDS = ['absolute', 'percent'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** The channels the alert form names (spec part 1 §3 `options.message` types); in-app is the default when none is chosen. */
export const MESSAGE_TYPES = ['slack', 'email', 'webhook'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Spec part 1 §3: the name of a new alert. */
export const DEFAULT_ALERT_NAME = 'New Alert';
export const ALERT_NAME_MAX = 100;
export const ALERT_DESCRIPTION_MAX = 1000;
/** Recipients per channel: a team's list, not a mailing campaign. */
export const RECIPIENTS_MAX = 50;
/** How long a condition that stays true waits before it notifies again, by default (minutes). */
export const DEFAULT_RENOTIFY_MINUTES = 60;
export const RENOTIFY_MAX_MINUTES = 10_080;

/**
 * Spec part 1 §5: letters, digits, spaces, '-' and '_', diacritics allowed (combining marks
 * after a letter, as a decomposed 'é' arrives).
 */
export const ALERT_NAME_PATTERN = /^[\p{L}\p{M}\p{N} _-]+$/u;

export interface AlertQuery {
  /** A trigger's value (`GET /alerts/triggers`): a dotted name, or `metric.{metricId}.series.{index}` for a custom metric's series. */
  left: string;
  operator: AlertOperator;
  /** The threshold: numeric, greater than 0 (a percent for a percent change). */
  right: number;
}

export interface AlertMessage {
  type: MessageType;
  /** A recipient: an e-mail address, or a webhook id (Slack or generic) as text. */
  value: string;
}

export interface AlertOptions {
  currentPeriod: AlertPeriod;
  previousPeriod: AlertPeriod;
  message: AlertMessage[];
  change: ChangeKind;
  /** Minutes before a condition that stays true notifies again. */
  renotifyInterval: number;
}

/** Where an alert's notices go besides the app: the channels turned on, and each one's recipients (webhook ids, e-mail addresses). */
export interface AlertRecipients {
  slack: boolean;
  email: boolean;
  webhook: boolean;
  slackInput: number[];
  emailInput: string[];
  webhookInput: number[];
}

export interface Alert extends AlertRecipients {
  alertId: number;
  projectId: number;
  name: string;
  description: string;
  active: boolean;
  detectionMethod: DetectionMethod;
  change: ChangeKind;
  query: AlertQuery;
  options: AlertOptions;
  /** Epoch ms. */
  createdAt: number;
  /** Whether the condition held at the last evaluation (a recovery notice clears it). */
  firing: boolean;
  /** Epoch ms of the last evaluation, null before the first. */
  lastEvaluatedAt: number | null;
}

/** `DELETE /alerts/{id}`. */
export interface AlertDeleted {
  deleted: true;
}

/** One evaluation of an alert (`GET /alerts/{id}/history`). */
export interface AlertEvaluation {
  evaluationId: number;
  /** Epoch ms: the end of the current period read. */
  periodEnd: number;
  evaluatedAt: number;
  /** The trigger over the current period; null when nothing was measured. */
  value: number | null;
  /** Over the previous period (change detection only). */
  previousValue: number | null;
  /** What was compared to the threshold: the value, or its change (absolute, or percent). */
  compared: number | null;
  operator: AlertOperator;
  threshold: number;
  fired: boolean;
  /** What the evaluation sent: a first or repeated notice, a recovery notice, or nothing. */
  notice: 'fired' | 'recovered' | null;
}

/** One delivery of a notice to one recipient (`GET /alerts/{id}/deliveries`). */
export interface AlertDelivery {
  deliveryId: number;
  evaluationId: number;
  channel: string;
  recipient: string;
  notice: 'fired' | 'recovered';
  status: 'pending' | 'sent' | 'failed' | 'skipped';
  attempts: number;
  error: string | null;
  createdAt: number;
  sentAt: number | null;
}
