import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One row per recipient, so "viewed" is a plain column and a user's list is one index range. */
export const NotificationEntity = defineEntity({
  // Entity names are global to the ORM: the plugin prefix keeps them from clashing.
  name: 'NotificationsNotification',
  tableName: 'notifications_notifications',
  properties: {
    id: p.integer().primary().autoincrement(),
    tenantId: p.integer(),
    userId: p.integer(),
    projectId: p.integer().nullable(),
    level: p.enum(['info', 'warning', 'error'] as const),
    title: p.string(),
    description: p.text().nullable(),
    link: p.string().nullable(),
    type: p.string(),
    source: p.enum(['ALERT', 'SYNTHETIC', 'SYSTEM'] as const),
    sourceId: p.string().nullable(),
    sourceMeta: p.json<Record<string, unknown>>().nullable(),
    filterKey: p.string().nullable(),
    viewedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type NotificationRow = InferEntity<typeof NotificationEntity>;
