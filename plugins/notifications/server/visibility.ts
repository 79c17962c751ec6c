import type { ObjectQuery } from '@mikro-orm/core';
import type { Caller } from '@cassette/plugin-sdk/server';
import type { NotificationRow } from './notification.entity.js';

/**
 * The caller's own notifications, minus those about projects their role no longer covers:
 * a notification's text can carry a project's data, so losing the project hides it too.
 */
export function visibleNotificationsOf(caller: Caller): ObjectQuery<NotificationRow> {
  const own = { userId: caller.userId, tenantId: caller.tenantId };
  if (caller.admin || caller.projectIds === null) return own;
  return { ...own, $or: [{ projectId: null }, { projectId: { $in: [...caller.projectIds] } }] };
}
