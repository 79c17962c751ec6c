// The alert being edited, how it starts (new, fetched, prefilled from a widget), what it sends,
// and when it may be submitted (spec part 1 §5).
import { ALERT_NAME_PATTERN, DEFAULT_ALERT_NAME, DEFAULT_PERIOD, DEFAULT_RENOTIFY_MINUTES, RENOTIFY_MAX_MINUTES, type Alert, type AlertOperator, type AlertRecipients, type AlertPeriod, type ChangeKind, type DetectionMethod } from '../../shared/alert.js';

export interface AlertDraft extends AlertRecipients {
  alertId: number | null;
  name: string;
  description: string;
  active: boolean;
  detectionMethod: DetectionMethod;
  change: ChangeKind;
  left: string;
  operator: AlertOperator | '';
  /** As typed: the threshold must read as a number greater than 0. */
  right: string;
  currentPeriod: AlertPeriod;
  previousPeriod: AlertPeriod;
  /** As typed, in minutes: a whole number from 1 to a week. */
  renotifyInterval: string;
}

export function newDraft(left = ''): AlertDraft {
  return {
    alertId: null,
    name: DEFAULT_ALERT_NAME,
    description: '',
    active: true,
    detectionMethod: 'threshold',
    change: 'absolute',
    left,
    operator: '',
    right: '',
    currentPeriod: DEFAULT_PERIOD,
    previousPeriod: DEFAULT_PERIOD,
    renotifyInterval: String(DEFAULT_RENOTIFY_MINUTES),
    slack: false,
    email: false,
    webhook: false,
    slackInput: [],
    emailInput: [],
    webhookInput: [],
  };
}

export function draftOf(alert: Alert): AlertDraft {
  return {
    alertId: alert.alertId,
    name: alert.name,
    description: alert.description,
    active: alert.active,
    detectionMethod: alert.detectionMethod,
    change: alert.change,
    left: alert.query.left,
    operator: alert.query.operator,
    right: String(alert.query.right),
    currentPeriod: alert.options.currentPeriod,
    previousPeriod: alert.options.previousPeriod,
    renotifyInterval: String(alert.options.renotifyInterval),
    slack: alert.slack,
    email: alert.email,
    webhook: alert.webhook,
    slackInput: alert.slackInput,
    emailInput: alert.emailInput,
    webhookInput: alert.webhookInput,
  };
}

/** The `PUT /alerts[/{id}]` body. */
export function bodyOf(draft: AlertDraft) {
  return {
    name: draft.name.trim(),
    description: draft.description,
    active: draft.active,
    detection_method: draft.detectionMethod,
    change: draft.change,
    query: { left: draft.left, operator: draft.operator, right: Number(draft.right) },
    options: {
      currentPeriod: draft.currentPeriod,
      previousPeriod: draft.previousPeriod,
      change: draft.change,
      renotifyInterval: Number(draft.renotifyInterval),
      message: [
        ...(draft.slack ? draft.slackInput.map((v) => ({ type: 'slack' as const, value: String(v) })) : []),
        ...(draft.email ? draft.emailInput.map((v) => ({ type: 'email' as const, value: v })) : []),
        ...(draft.webhook ? draft.webhookInput.map((v) => ({ type: 'webhook' as const, value: String(v) })) : []),
      ],
    },
    slack: draft.slack,
    email: draft.email,
    webhook: draft.webhook,
    slackInput: draft.slackInput,
    emailInput: draft.emailInput,
    webhookInput: draft.webhookInput,
  };
}

// Texts saying why Save is disabled, in the order of the spec's rules (§5).
export const NAME_INVALID = 'The name may hold letters, digits, spaces, "-" and "_" only.';
export const METRIC_REQUIRED = 'Choose a trigger metric.';
export const OPERATOR_REQUIRED = 'Choose an operator.';
export const THRESHOLD_INVALID = 'The value must be a number greater than 0.';
export const SLACK_RECIPIENT_REQUIRED = 'Add at least one Slack channel or turn Slack off.';
export const EMAIL_RECIPIENT_REQUIRED = 'Add at least one e-mail recipient or turn Email off.';
export const WEBHOOK_RECIPIENT_REQUIRED = 'Add at least one webhook or turn Webhook off.';
export const EMAIL_INVALID = 'Enter a valid e-mail address.';
export const RENOTIFY_INVALID = `Re-notify after a whole number of minutes from 1 to ${RENOTIFY_MAX_MINUTES}.`;

/** The spec §5 problems of a draft; empty when it may be submitted. */
export function draftProblems(draft: AlertDraft): string[] {
  const problems: string[] = [];
  if (!ALERT_NAME_PATTERN.test(draft.name.trim())) problems.push(NAME_INVALID);
  if (!draft.left) problems.push(METRIC_REQUIRED);
  if (!draft.operator) problems.push(OPERATOR_REQUIRED);
  const right = draft.right.trim() === '' ? NaN : Number(draft.right);
  if (!Number.isFinite(right) || right <= 0) problems.push(THRESHOLD_INVALID);
  const renotify = /^[0-9]{1,5}$/.test(draft.renotifyInterval.trim()) ? Number(draft.renotifyInterval) : NaN;
  if (!(renotify >= 1 && renotify <= RENOTIFY_MAX_MINUTES)) problems.push(RENOTIFY_INVALID);
  if (draft.slack && draft.slackInput.length === 0) problems.push(SLACK_RECIPIENT_REQUIRED);
  if (draft.email && draft.emailInput.length === 0) problems.push(EMAIL_RECIPIENT_REQUIRED);
  if (draft.webhook && draft.webhookInput.length === 0) problems.push(WEBHOOK_RECIPIENT_REQUIRED);
  return problems;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Adds a typed e-mail recipient: checked first, a duplicate (case-insensitive) skipped (spec §5). */
export function addEmail(list: readonly string[], typed: string): { list: string[]; error: string | null } {
  const email = typed.trim();
  if (!EMAIL_PATTERN.test(email)) return { list: [...list], error: EMAIL_INVALID };
  if (list.some((e) => e.toLowerCase() === email.toLowerCase())) return { list: [...list], error: null };
  return { list: [...list, email], error: null };
}

/** The widget's first series as the query's left side (see the alerts README). */
export const seriesTrigger = (metricId: number, seriesIndex = 0) => `metric.${metricId}.series.${seriesIndex}`;
