import { Type } from '@sinclair/typebox';
import { badRequest, defineRoute, notFound } from '@cassette/plugin-sdk/server';
import { NotificationEntity } from './notification.entity.js';
import { COUNT_VIEW, MARK_NOTIFICATIONS_BODY, NOTIFICATION_ID_PARAMS, NOTIFICATION_LIST_LIMIT, NOTIFICATION_VIEW } from './schemas.js';
import { notificationView } from './views.js';
import { visibleNotificationsOf } from './visibility.js';

// Notifications are personal: every query is narrowed to the caller's own rows, so another
// user's or tenant's id is simply not found (404), never "forbidden".

export const listNotificationsRoute = defineRoute({
  method: 'GET',
  url: '/notifications',
  access: { auth: 'user' },
  summary: "The caller's newest notifications (at most 50), newest first",
  schema: { response: Type.Array(NOTIFICATION_VIEW) },
  handler: async ({ em, caller }) => {
    const rows = await em.find(NotificationEntity, visibleNotificationsOf(caller), {
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: NOTIFICATION_LIST_LIMIT,
    });
    return rows.map(notificationView);
  },
});

export const countNotificationsRoute = defineRoute({
  method: 'GET',
  url: '/notifications/count',
  access: { auth: 'user' },
  summary: "How many of the caller's notifications are not viewed yet (the bell's badge)",
  schema: { response: COUNT_VIEW },
  handler: async ({ em, caller }) => ({ count: await em.count(NotificationEntity, { ...visibleNotificationsOf(caller), viewedAt: null }) }),
});

// A GET that writes, because the spec's client calls it that way; it is idempotent.
export const viewNotificationRoute = defineRoute({
  method: 'GET',
  url: '/notifications/:id/view',
  access: { auth: 'user' },
  summary: 'Mark one notification viewed',
  schema: { params: NOTIFICATION_ID_PARAMS, response: NOTIFICATION_VIEW },
  handler: async ({ em, caller, params }) => {
    const row = await em.findOne(NotificationEntity, { ...visibleNotificationsOf(caller), id: params.id });
    if (!row) throw notFound('Notification not found');
    if (!row.viewedAt) {
      row.viewedAt = new Date();
      await em.flush();
    }
    return notificationView(row);
  },
});

export const viewNotificationsRoute = defineRoute({
  method: 'POST',
  url: '/notifications/view',
  access: { auth: 'user' },
  summary: 'Mark the given notifications, or all created up to endTimestamp (ms), viewed; answers the unviewed count left',
  schema: { body: MARK_NOTIFICATIONS_BODY, response: COUNT_VIEW },
  handler: async ({ em, caller, body }) => {
    const scope = visibleNotificationsOf(caller);
    const { ids, endTimestamp } = body;
    if (ids === undefined && endTimestamp === undefined) throw badRequest('Give ids to mark viewed, or endTimestamp to mark all up to that time.');
    if (ids !== undefined && endTimestamp !== undefined) throw badRequest('Give either ids or endTimestamp, not both.');
    const now = new Date();
    if (ids !== undefined) {
      await em.transactional(async (tx) => {
        // All or nothing: one unknown id means the request is about something the caller cannot see.
        const found = await tx.count(NotificationEntity, { ...scope, id: { $in: ids } });
        if (found !== ids.length) throw notFound('Notification not found');
        await tx.nativeUpdate(NotificationEntity, { ...scope, id: { $in: ids }, viewedAt: null }, { viewedAt: now });
      });
    } else {
      // The client sends the newest createdAt it showed, in ms; `< +1 ms` also covers sub-ms stored times.
      const upTo = new Date(endTimestamp! + 1);
      await em.nativeUpdate(NotificationEntity, { ...scope, viewedAt: null, createdAt: { $lt: upTo } }, { viewedAt: now });
    }
    return { count: await em.count(NotificationEntity, { ...scope, viewedAt: null }) };
  },
});
