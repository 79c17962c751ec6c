import { sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { AlertNotice } from '../../api.js';
import type { AlertDelivery } from '../../shared/alert.js';

export interface NewDelivery {
  channel: string;
  recipient: string;
  /** 'skipped' when no installed channel takes the recipient's type. */
  status: 'pending' | 'skipped';
  error: string | null;
}

export async function insertDeliveries(run: SqlRunner, evaluationId: number, notice: AlertNotice, deliveries: readonly NewDelivery[]): Promise<number[]> {
  const ids: number[] = [];
  for (const d of deliveries) {
    const [row] = await run<{ delivery_id: number }>(sql`
      insert into alerts_deliveries (alert_id, evaluation_id, channel, recipient, notice, payload, status, error)
      values (${notice.alertId}, ${evaluationId}, ${d.channel}, ${d.recipient}, ${notice.kind}, ${JSON.stringify(notice)}::jsonb, ${d.status}, ${d.error})
      returning delivery_id`);
    if (d.status === 'pending') ids.push(Number(row!.delivery_id));
  }
  return ids;
}

export interface PendingDelivery {
  deliveryId: number;
  channel: string;
  recipient: string;
  notice: AlertNotice;
}

export async function findPendingDelivery(run: SqlRunner, deliveryId: number): Promise<PendingDelivery | null> {
  const [row] = await run<{ delivery_id: number; channel: string; recipient: string; payload: AlertNotice | string }>(sql`
    select delivery_id, channel, recipient, payload from alerts_deliveries where delivery_id = ${deliveryId} and status = 'pending'`);
  if (!row) return null;
  return { deliveryId: Number(row.delivery_id), channel: row.channel, recipient: row.recipient, notice: typeof row.payload === 'string' ? (JSON.parse(row.payload) as AlertNotice) : row.payload };
}

export async function markDelivery(run: SqlRunner, deliveryId: number, status: 'pending' | 'sent' | 'failed' | 'skipped', error: string | null): Promise<void> {
  await run(sql`
    update alerts_deliveries set status = ${status}, error = ${error}, attempts = attempts + ${status === 'skipped' ? 0 : 1},
      sent_at = case when ${status} = 'sent' then now() else sent_at end
    where delivery_id = ${deliveryId}`);
}

interface DeliveryRow {
  delivery_id: number;
  evaluation_id: number;
  channel: string;
  recipient: string;
  notice: 'fired' | 'recovered';
  status: AlertDelivery['status'];
  attempts: number;
  error: string | null;
  created_at: Date | string;
  sent_at: Date | string | null;
}

/** An alert's delivery log, newest first. */
export async function listDeliveries(run: SqlRunner, alertId: number, limit: number, offset: number): Promise<AlertDelivery[]> {
  const rows = await run<DeliveryRow>(sql`select * from alerts_deliveries where alert_id = ${alertId} order by created_at desc, delivery_id desc limit ${limit} offset ${offset}`);
  return rows.map((r) => ({
    deliveryId: Number(r.delivery_id),
    evaluationId: Number(r.evaluation_id),
    channel: r.channel,
    recipient: r.recipient,
    notice: r.notice,
    status: r.status,
    attempts: Number(r.attempts),
    error: r.error,
    createdAt: new Date(r.created_at).getTime(),
    sentAt: r.sent_at === null ? null : new Date(r.sent_at).getTime(),
  }));
}
