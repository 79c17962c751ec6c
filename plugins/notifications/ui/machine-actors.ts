import { fromPromise } from 'xstate';
import type { ApiClient } from '@cassette/plugin-sdk/ui';
import type { Announcement, Notification } from '../api.js';
import type { ViewedChange } from './alerts.machine.js';

// The real implementations of the machines' actors: one API call each. `getApi` is read at call
// time so a bell keeps one machine while the host's client may be replaced.

export function announcementsActors(getApi: () => ApiClient) {
  return {
    fetchAnnouncements: fromPromise<Announcement[]>(() => getApi().get<Announcement[]>('/announcements')),
    markAnnouncementsRead: fromPromise<void>(async () => {
      await getApi().get('/announcements/view');
    }),
  };
}

export function alertsActors(getApi: () => ApiClient) {
  return {
    fetchCount: fromPromise<number>(async () => (await getApi().get<{ count: number }>('/notifications/count')).count),
    fetchNotifications: fromPromise<Notification[]>(() => getApi().get<Notification[]>('/notifications')),
    saveViewed: fromPromise<{ count: number | null }, ViewedChange>(async ({ input }) => {
      if (input.kind === 'one') {
        // The spec's per-notification call; it answers the notification, so the badge keeps its own count.
        await getApi().get<Notification>(`/notifications/${input.id}/view`);
        return { count: null };
      }
      return getApi().post<{ count: number }>('/notifications/view', { endTimestamp: input.endTimestamp });
    }),
  };
}
