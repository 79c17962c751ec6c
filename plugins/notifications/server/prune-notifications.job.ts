import { Type } from '@sinclair/typebox';
import { defineJob, type DatabaseService, type JobContext } from '@cassette/plugin-sdk/server';
import { NotificationEntity } from './notification.entity.js';

export const DEFAULT_RETENTION_DAYS = 90;
export const PRUNE_EVERY_MS = 24 * 60 * 60 * 1000;

/** Alerts can notify every member every few minutes; old rows are deleted so the table stays bounded. */
export const pruneNotificationsJob = defineJob({
  name: 'notifications.prune',
  schema: Type.Object({ retentionDays: Type.Integer({ minimum: 1, maximum: 36_500 }) }),
  attempts: 3,
});

export async function pruneNotifications(database: DatabaseService, payload: { retentionDays: number }, ctx: Pick<JobContext, 'log'>, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - payload.retentionDays * PRUNE_EVERY_MS);
  const deleted = await database.em().nativeDelete(NotificationEntity, { createdAt: { $lt: cutoff } });
  if (deleted > 0) ctx.log.info({ deleted, cutoff: cutoff.toISOString() }, 'old notifications deleted');
  return deleted;
}
