import { sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { Alert, AlertMessage, AlertRecipients, AlertOperator, AlertPeriod, ChangeKind, DetectionMethod } from '../../shared/alert.js';

/** What a saved alert is, as the input checks make it. */
export interface AlertDefinition extends AlertRecipients {
  name: string;
  description: string;
  active: boolean;
  detectionMethod: DetectionMethod;
  change: ChangeKind;
  left: string;
  operator: AlertOperator;
  threshold: number;
  currentPeriod: AlertPeriod;
  previousPeriod: AlertPeriod;
  renotifyMinutes: number;
  messages: AlertMessage[];
}

/** Whose permissions an evaluation reads with: the member who last saved the alert. */
export interface AlertReader {
  userId: number;
  admin: boolean;
  permissions: string[];
}

export interface StoredAlert extends Alert {
  tenantId: number;
  reader: AlertReader;
  lastNotifiedAt: number | null;
  /** Epoch ms of the last save: the alert's periods end at it and every period length after it. */
  anchoredAt: number;
}

interface AlertRow {
  alert_id: number;
  project_id: number;
  tenant_id: number;
  user_id: number;
  reader_admin: boolean;
  reader_permissions: string[];
  name: string;
  description: string;
  active: boolean;
  detection_method: DetectionMethod;
  change: ChangeKind;
  left_metric: string;
  operator: AlertOperator;
  threshold: number;
  current_period: number;
  previous_period: number;
  renotify_minutes: number;
  messages: AlertMessage[] | string;
  slack: boolean;
  email: boolean;
  webhook: boolean;
  slack_input: number[] | string;
  email_input: string[] | string;
  webhook_input: number[] | string;
  firing: boolean;
  last_notified_at: Date | string | null;
  last_evaluated_at: Date | string | null;
  created_at: Date | string;
  anchored_at: Date | string;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const ms = (v: Date | string | null): number | null => (v === null ? null : new Date(v).getTime());

function fromRow(r: AlertRow): StoredAlert {
  return {
    alertId: Number(r.alert_id),
    projectId: Number(r.project_id),
    tenantId: Number(r.tenant_id),
    reader: { userId: Number(r.user_id), admin: r.reader_admin, permissions: r.reader_permissions ?? [] },
    name: r.name,
    description: r.description,
    active: r.active,
    detectionMethod: r.detection_method,
    change: r.change,
    query: { left: r.left_metric, operator: r.operator, right: Number(r.threshold) },
    options: {
      currentPeriod: Number(r.current_period) as AlertPeriod,
      previousPeriod: Number(r.previous_period) as AlertPeriod,
      message: json(r.messages),
      change: r.change,
      renotifyInterval: Number(r.renotify_minutes),
    },
    slack: r.slack,
    email: r.email,
    webhook: r.webhook,
    slackInput: json(r.slack_input),
    emailInput: json(r.email_input),
    webhookInput: json(r.webhook_input),
    createdAt: ms(r.created_at)!,
    firing: r.firing,
    lastEvaluatedAt: ms(r.last_evaluated_at),
    lastNotifiedAt: ms(r.last_notified_at),
    anchoredAt: ms(r.anchored_at)!,
  };
}

/** The wire shape: the reader and the notification bookkeeping stay on the server. */
export function alertView(a: StoredAlert): Alert {
  const { tenantId: _tenant, reader: _reader, lastNotifiedAt: _notified, anchoredAt: _anchored, ...view } = a;
  return view;
}

/** The permissions as a text[] (sent as JSON: drivers differ on array parameters). */
const permissionsArray = (reader: AlertReader) => sql`array(select jsonb_array_elements_text(${JSON.stringify(reader.permissions)}::jsonb))`;

const definitionColumns = (d: AlertDefinition) => sql`
  name = ${d.name}, description = ${d.description}, active = ${d.active}, detection_method = ${d.detectionMethod}, change = ${d.change},
  left_metric = ${d.left}, operator = ${d.operator}, threshold = ${d.threshold}, current_period = ${d.currentPeriod}, previous_period = ${d.previousPeriod},
  renotify_minutes = ${d.renotifyMinutes}, messages = ${JSON.stringify(d.messages)}::jsonb, slack = ${d.slack}, email = ${d.email}, webhook = ${d.webhook},
  slack_input = ${JSON.stringify(d.slackInput)}::jsonb, email_input = ${JSON.stringify(d.emailInput)}::jsonb, webhook_input = ${JSON.stringify(d.webhookInput)}::jsonb`;

export async function insertAlert(run: SqlRunner, projectId: number, tenantId: number, reader: AlertReader, d: AlertDefinition): Promise<StoredAlert> {
  const [row] = await run<{ alert_id: number }>(sql`
    insert into alerts_alerts (project_id, tenant_id, user_id, reader_admin, reader_permissions, name, description, active, detection_method, change, left_metric, operator, threshold,
      current_period, previous_period, renotify_minutes, messages, slack, email, webhook, slack_input, email_input, webhook_input)
    values (${projectId}, ${tenantId}, ${reader.userId}, ${reader.admin}, ${permissionsArray(reader)}, ${d.name}, ${d.description}, ${d.active}, ${d.detectionMethod}, ${d.change},
      ${d.left}, ${d.operator}, ${d.threshold}, ${d.currentPeriod}, ${d.previousPeriod}, ${d.renotifyMinutes}, ${JSON.stringify(d.messages)}::jsonb, ${d.slack}, ${d.email}, ${d.webhook},
      ${JSON.stringify(d.slackInput)}::jsonb, ${JSON.stringify(d.emailInput)}::jsonb, ${JSON.stringify(d.webhookInput)}::jsonb)
    returning alert_id`);
  return (await findAlert(run, projectId, Number(row!.alert_id)))!;
}

/** Saves a new definition; a changed condition starts afresh (not firing), so its first notice is not held back by the old one's. */
export async function updateAlert(run: SqlRunner, projectId: number, alertId: number, reader: AlertReader, d: AlertDefinition): Promise<StoredAlert | null> {
  const rows = await run(sql`
    update alerts_alerts set ${definitionColumns(d)}, user_id = ${reader.userId}, reader_admin = ${reader.admin}, reader_permissions = ${permissionsArray(reader)},
      firing = case when left_metric = ${d.left} and operator = ${d.operator} and threshold = ${d.threshold} and detection_method = ${d.detectionMethod} then firing else false end,
      updated_at = now(), anchored_at = now()
    where project_id = ${projectId} and alert_id = ${alertId} returning alert_id`);
  return rows.length ? findAlert(run, projectId, alertId) : null;
}

export async function deleteAlert(run: SqlRunner, projectId: number, alertId: number): Promise<boolean> {
  return (await run(sql`delete from alerts_alerts where project_id = ${projectId} and alert_id = ${alertId} returning alert_id`)).length > 0;
}

export async function findAlert(run: SqlRunner, projectId: number, alertId: number): Promise<StoredAlert | null> {
  const [row] = await run<AlertRow>(sql`select * from alerts_alerts where project_id = ${projectId} and alert_id = ${alertId}`);
  return row ? fromRow(row) : null;
}

export async function findAlertById(run: SqlRunner, alertId: number): Promise<StoredAlert | null> {
  const [row] = await run<AlertRow>(sql`select * from alerts_alerts where alert_id = ${alertId}`);
  return row ? fromRow(row) : null;
}

/** The project's alerts, newest first. */
export async function listAlerts(run: SqlRunner, projectId: number): Promise<StoredAlert[]> {
  return (await run<AlertRow>(sql`select * from alerts_alerts where project_id = ${projectId} order by created_at desc, alert_id desc`)).map(fromRow);
}

/** Every active alert of every project: the evaluation walks them. */
export async function listActiveAlerts(run: SqlRunner): Promise<StoredAlert[]> {
  return (await run<AlertRow>(sql`select * from alerts_alerts where active order by alert_id`)).map(fromRow);
}

export async function deleteProjectAlerts(run: SqlRunner, projectId: number): Promise<void> {
  await run(sql`delete from alerts_alerts where project_id = ${projectId}`);
}
