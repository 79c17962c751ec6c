import type { Announcement, Notification } from '../api.js';
import type { AnnouncementRow } from './announcement.entity.js';
import type { NotificationRow } from './notification.entity.js';

export function notificationView(row: NotificationRow): Notification {
  return {
    notificationId: row.id,
    level: row.level,
    title: row.title,
    description: row.description ?? undefined,
    link: row.link ?? undefined,
    viewed: row.viewedAt != null,
    type: row.type,
    createdAt: row.createdAt.getTime(),
    options: {
      source: row.source,
      sourceId: row.sourceId ?? undefined,
      projectId: row.projectId ?? undefined,
      sourceMeta: row.sourceMeta ?? undefined,
    },
    filterKey: row.filterKey ?? undefined,
  };
}

/** `lastReadAt` is the caller's high-water mark (null: never opened the panel). */
export function announcementView(row: AnnouncementRow, lastReadAt: Date | null): Announcement {
  return {
    announcementId: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    imageUrl: row.imageUrl ?? undefined,
    createdAt: row.createdAt.getTime(),
    viewed: lastReadAt != null && row.createdAt.getTime() <= lastReadAt.getTime(),
    buttonUrl: row.buttonUrl ?? undefined,
    buttonText: row.buttonText ?? undefined,
  };
}
