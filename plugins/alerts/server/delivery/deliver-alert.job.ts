import { Type } from '@sinclair/typebox';
import { defineJob, type JobContext } from '@cassette/plugin-sdk/server';
import type { AlertsDeps } from '../deps.js';
import { findPendingDelivery, markDelivery } from '../store/delivery-store.js';

/** One notice to one recipient; a channel that throws is retried with doubling backoff (2 s, 4 s, 8 s, 16 s). */
export const deliverAlertJob = defineJob({
  name: 'alerts.deliver',
  schema: Type.Object({ deliveryId: Type.Integer({ minimum: 1 }) }),
  attempts: 5,
  backoffMs: 2_000,
  concurrency: 4,
});

/** A channel's refusal (`AlertDeliveryRefused`): trying again cannot help. */
const refused = (err: unknown) => typeof err === 'object' && err !== null && (err as { retry?: unknown }).retry === false;

/**
 * Sends a pending delivery through its channel and logs the outcome; throws to be retried until
 * the last attempt, which marks it failed. A refusal is marked failed at once and not retried.
 */
export async function deliverAlert(deps: AlertsDeps, deliveryId: number, ctx: Pick<JobContext, 'attempt' | 'log'>): Promise<void> {
  const delivery = await findPendingDelivery(deps.database.sql, deliveryId);
  if (!delivery) return;
  const channel = deps.runtime.channel(delivery.channel);
  if (!channel) return markDelivery(deps.database.sql, deliveryId, 'skipped', `The ${delivery.channel} channel is no longer installed.`);
  try {
    await channel.deliver(delivery.notice, delivery.recipient, {
      sql: deps.database.sql,
      mailer: deps.mailer,
      outboundHttp: deps.outboundHttp,
      secrets: deps.secrets,
      notifications: deps.notifications,
      log: ctx.log,
    });
    await markDelivery(deps.database.sql, deliveryId, 'sent', null);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const last = refused(err) || ctx.attempt >= (deliverAlertJob.attempts ?? 1);
    await markDelivery(deps.database.sql, deliveryId, last ? 'failed' : 'pending', message.slice(0, 1000));
    if (refused(err)) return;
    throw err;
  }
}
