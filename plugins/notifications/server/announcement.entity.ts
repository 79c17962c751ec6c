import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One row per tenant: every member sees it; who has seen it lives in announcement reads. */
export const AnnouncementEntity = defineEntity({
  name: 'NotificationsAnnouncement',
  tableName: 'notifications_announcements',
  properties: {
    id: p.integer().primary().autoincrement(),
    tenantId: p.integer(),
    /** Idempotency key for system announcements (unique per tenant when set). */
    key: p.string().nullable(),
    type: p.string(),
    title: p.string(),
    description: p.text(),
    imageUrl: p.string().nullable(),
    buttonUrl: p.string().nullable(),
    buttonText: p.string().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type AnnouncementRow = InferEntity<typeof AnnouncementEntity>;
