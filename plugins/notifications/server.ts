// Server wiring of the notifications plugin: announcements for the team, notifications per user.
import { coreEvents, coreServices, definePlugin } from '@cassette/plugin-sdk/server';
import { notificationsService, type NotificationsService } from './api.js';
import { AnnouncementReadEntity } from './server/announcement-read.entity.js';
import { AnnouncementEntity } from './server/announcement.entity.js';
import { announcementRoutes } from './server/announcements.route.js';
import { lateBound } from './server/late-bound.js';
import { notificationsMigrations } from './server/migrations.js';
import { NotificationEntity } from './server/notification.entity.js';
import { notificationRoutes } from './server/notifications.route.js';
import { createNotificationsService, type NotificationsServiceDeps } from './server/notifications.service.js';
import { PRUNE_EVERY_MS, pruneNotifications, pruneNotificationsJob, retentionDaysFrom } from './server/prune-notifications.job.js';
import { postWelcomeAnnouncement } from './server/welcome-announcement.js';

export default definePlugin({
  id: 'notifications',
  deps: { jobs: coreServices.jobs, config: coreServices.config },
  register(r) {
    const booted = lateBound<{ deps: NotificationsServiceDeps; service: NotificationsService }>('The notifications service');
    r.entities(NotificationEntity, AnnouncementEntity, AnnouncementReadEntity);
    r.migrations(...notificationsMigrations);
    for (const route of [...notificationRoutes(), ...announcementRoutes()]) r.route(route);
    r.provide({
      ref: notificationsService,
      deps: { database: coreServices.database, users: coreServices.users, projects: coreServices.projects, logger: coreServices.logger },
      create: (deps) => booted.set({ deps, service: createNotificationsService(deps) }).service,
    });
    r.on(coreEvents.tenantCreated, (event) => postWelcomeAnnouncement(booted.get().service, event.tenantId));
    r.job(pruneNotificationsJob, (payload, ctx) => pruneNotifications(booted.get().deps.database, payload, ctx).then(() => undefined));
  },
  async start({ deps }) {
    const retentionDays = retentionDaysFrom(deps.config.pluginSettings('notifications'));
    // Not unscheduled at shutdown: on Redis the schedule is shared with the other processes.
    await deps.jobs.schedule('notifications.prune', pruneNotificationsJob, { retentionDays }, PRUNE_EVERY_MS);
  },
});
