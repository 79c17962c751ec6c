// Server wiring of the notifications plugin: announcements for the team, notifications per user.
import { coreEvents, coreServices, definePlugin } from '@cassette/plugin-sdk/server';
import { notificationsService } from './api.js';
import { AnnouncementReadEntity } from './server/announcement-read.entity.js';
import { AnnouncementEntity } from './server/announcement.entity.js';
import { createAnnouncementRoute, listAnnouncementsRoute, markAnnouncementsReadRoute } from './server/announcements.route.js';
import { deps } from './server/deps.js';
import { notificationsMigrations } from './server/migrations.js';
import { NotificationEntity } from './server/notification.entity.js';
import { countNotificationsRoute, listNotificationsRoute, viewNotificationRoute, viewNotificationsRoute } from './server/notifications.route.js';
import { createNotificationsService } from './server/notifications.service.js';
import { PRUNE_EVERY_MS, pruneNotifications, pruneNotificationsJob } from './server/prune-notifications.job.js';
import { notificationsSettings } from './server/settings.js';
import { setWeeklyReportRoute, weeklyReportRoute } from './server/weekly-report.route.js';
import { weeklyReportPreferencesService } from './server/weekly-report-preferences.js';
import { setWeeklyReportTimeZoneRoute, weeklyReportTimeZoneRoute } from './server/weekly-report-time-zone.route.js';
import { postWelcomeAnnouncement } from './server/welcome-announcement.js';

export default definePlugin({
  id: 'notifications',
  settings: notificationsSettings,
  deps,
  register(r) {
    r.entities(NotificationEntity, AnnouncementEntity, AnnouncementReadEntity);
    r.migrations(...notificationsMigrations);
    r.route(listNotificationsRoute);
    r.route(countNotificationsRoute);
    r.route(viewNotificationRoute);
    r.route(viewNotificationsRoute);
    r.route(listAnnouncementsRoute);
    r.route(markAnnouncementsReadRoute);
    r.route(createAnnouncementRoute);
    r.route(weeklyReportRoute);
    r.route(setWeeklyReportRoute);
    r.route(weeklyReportTimeZoneRoute);
    r.route(setWeeklyReportTimeZoneRoute);
    r.provide(weeklyReportPreferencesService);
    r.provide({
      ref: notificationsService,
      deps: { database: coreServices.database, users: coreServices.users, projects: coreServices.projects, logger: coreServices.logger },
      create: createNotificationsService,
    });
    r.on(coreEvents.tenantCreated, (event, { deps }) => postWelcomeAnnouncement(deps.notifications, event.tenantId));
    r.job(pruneNotificationsJob, (payload, ctx) => pruneNotifications(ctx.deps.database, payload, ctx).then(() => undefined));
  },
  async start({ deps }) {
    const { retentionDays } = deps.settings;
    // Not unscheduled at shutdown: on Redis the schedule is shared with the other processes.
    await deps.jobs.schedule('notifications.prune', pruneNotificationsJob, { retentionDays }, PRUNE_EVERY_MS);
  },
});
