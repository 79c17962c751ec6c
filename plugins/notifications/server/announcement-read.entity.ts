import { defineEntity, p } from '@mikro-orm/core';

/**
 * A high-water mark per user instead of a row per (user, announcement): an announcement is
 * viewed when it was created at or before `lastReadAt`, and marking all read is one upsert.
 */
export const AnnouncementReadEntity = defineEntity({
  name: 'NotificationsAnnouncementRead',
  tableName: 'notifications_announcement_reads',
  properties: {
    userId: p.integer().primary(),
    tenantId: p.integer(),
    lastReadAt: p.datetime(),
  },
});
