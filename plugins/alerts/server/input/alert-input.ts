import type { Static } from '@sinclair/typebox';
import { badRequest } from '@cassette/plugin-sdk/server';
import { ALERT_NAME_PATTERN, DEFAULT_ALERT_NAME, DEFAULT_PERIOD, DEFAULT_RENOTIFY_MINUTES, RECIPIENTS_MAX, type AlertMessage } from '../../shared/alert.js';
import { parseCustomTrigger, TRIGGER_KEYS } from '../../shared/triggers.js';
import type { AlertDefinition } from '../store/alert-store.js';
import type { alertBody } from './alert-body.schema.js';

export type AlertBody = Static<typeof alertBody>;

/** The mail check of the form's recipient box: one address, no spaces, a dot in the domain. */
const EMAIL = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

/**
 * The alert a body describes, checked by spec part 1 §5: a name of letters, digits, spaces, '-'
 * and '_'; a metric and a numeric threshold greater than 0; an operator; each enabled channel
 * with at least one recipient (e-mails valid, duplicates skipped). 400 naming the first problem.
 */
export function alertDefinition(body: AlertBody): AlertDefinition {
  const name = (body.name ?? DEFAULT_ALERT_NAME).trim();
  if (!name || !ALERT_NAME_PATTERN.test(name)) throw badRequest("The alert name may hold only letters, digits, spaces, '-' and '_'.");
  const left = body.query.left?.trim();
  if (!left) throw badRequest('Choose a metric for the alert.');
  if (!TRIGGER_KEYS.has(left) && !parseCustomTrigger(left)) throw badRequest(`Unknown metric "${left}": pick one of GET /alerts/triggers.`);
  if (!body.query.operator) throw badRequest('Choose an operator for the alert.');
  const right = body.query.right;
  if (right === undefined || (typeof right === 'string' && right.trim() === '')) throw badRequest('Set a threshold for the alert.');
  const threshold = typeof right === 'number' ? right : Number(right.trim());
  if (!Number.isFinite(threshold)) throw badRequest('The threshold must be a number.');
  if (threshold <= 0) throw badRequest('The threshold must be greater than 0.');

  // Recipients come from the channel lists and from options.message (the wire form); both are merged.
  const messages = body.options?.message ?? [];
  const fromMessages = (type: AlertMessage['type']) => messages.filter((m) => m.type === type).map((m) => String(m.value).trim());
  const emails = unique([...(body.emailInput ?? []).map((e) => e.trim()), ...fromMessages('email')]).filter((e) => e !== '');
  const badEmail = emails.find((e) => !EMAIL.test(e));
  if (badEmail !== undefined) throw badRequest(`"${badEmail}" is not a valid e-mail address.`);
  const ids = (type: 'slack' | 'webhook', list: number[] | undefined) => {
    const all = [...(list ?? []).map(String), ...fromMessages(type)];
    const bad = all.find((v) => !/^[1-9][0-9]{0,9}$/.test(v));
    if (bad !== undefined) throw badRequest(`"${bad}" is not a ${type === 'slack' ? 'Slack channel' : 'webhook'} id.`);
    return unique(all.map(Number));
  };
  const slackInput = ids('slack', body.slackInput);
  const webhookInput = ids('webhook', body.webhookInput);
  const slack = body.slack ?? slackInput.length > 0;
  const email = body.email ?? emails.length > 0;
  const webhook = body.webhook ?? webhookInput.length > 0;
  if (slack && slackInput.length === 0) throw badRequest('Add at least one Slack channel, or turn Slack off.');
  if (email && emails.length === 0) throw badRequest('Add at least one e-mail recipient, or turn Email off.');
  if (webhook && webhookInput.length === 0) throw badRequest('Add at least one webhook, or turn Webhook off.');
  for (const [label, list] of [['e-mail recipients', emails], ['Slack channels', slackInput], ['webhooks', webhookInput]] as const) {
    if (list.length > RECIPIENTS_MAX) throw badRequest(`At most ${RECIPIENTS_MAX} ${label}.`);
  }
  // The spec's wire names (detection_method, options.change) win over the copies a fetched alert carries back.
  const change = body.options?.change ?? body.change ?? 'absolute';
  return {
    name,
    description: body.description?.trim() ?? '',
    active: body.active ?? true,
    detectionMethod: body.detection_method ?? body.detectionMethod ?? 'threshold',
    change,
    left,
    operator: body.query.operator,
    threshold,
    currentPeriod: body.options?.currentPeriod ?? DEFAULT_PERIOD,
    previousPeriod: body.options?.previousPeriod ?? DEFAULT_PERIOD,
    renotifyMinutes: body.options?.renotifyInterval ?? DEFAULT_RENOTIFY_MINUTES,
    // Only enabled channels send: a turned-off channel keeps its list for when it is turned back on.
    messages: [
      ...(slack ? slackInput.map((v) => ({ type: 'slack' as const, value: String(v) })) : []),
      ...(email ? emails.map((v) => ({ type: 'email' as const, value: v })) : []),
      ...(webhook ? webhookInput.map((v) => ({ type: 'webhook' as const, value: String(v) })) : []),
    ],
    slack,
    email,
    webhook,
    slackInput,
    emailInput: emails,
    webhookInput,
  };
}
