import { AUTHZ, defineAuthzRows, type AuthzWorld } from '@cassette/plugin-sdk/testing';
import { notificationsService } from '../api.js';

/** A notification only its recipient (the "admin" caller) may touch; to everyone else the id is unknown. */
async function notificationOfAdminCaller(w: AuthzWorld): Promise<number> {
  const ids = await w.t.kernel.resolve(notificationsService).notify({ tenantId: w.tenantId, userIds: [w.adminCallerId()], title: 'Hello' });
  return ids[0]!;
}

/** Everyone reads their own notifications; ids of others are unknown. */
export const authzRows = defineAuthzRows({
  'GET /api/notifications': { statuses: AUTHZ.USER, fixture: () => ({ url: '/api/notifications' }) },
  'GET /api/notifications/count': { statuses: AUTHZ.USER, fixture: () => ({ url: '/api/notifications/count' }) },
  'GET /api/notifications/:id/view': { statuses: [401, 404, 404, 200, 404], fixture: async (w) => ({ url: `/api/notifications/${await notificationOfAdminCaller(w)}/view` }) },
  'POST /api/notifications/view': { statuses: AUTHZ.USER, fixture: () => ({ url: '/api/notifications/view', body: { endTimestamp: Date.now() } }) },
  'GET /api/announcements': { statuses: AUTHZ.USER, fixture: () => ({ url: '/api/announcements' }) },
  'GET /api/announcements/view': { statuses: AUTHZ.USER, fixture: () => ({ url: '/api/announcements/view' }) },
  'GET /api/config/weekly_report': { statuses: AUTHZ.USER, fixture: () => ({ url: '/api/config/weekly_report' }) },
  'POST /api/config/weekly_report': { statuses: AUTHZ.USER, fixture: () => ({ url: '/api/config/weekly_report', body: { weeklyReport: false } }) },
  'GET /api/config/weekly_report/time_zone': { statuses: AUTHZ.USER, fixture: () => ({ url: '/api/config/weekly_report/time_zone' }) },
  'PUT /api/config/weekly_report/time_zone': { statuses: AUTHZ.ADMIN_TENANT, fixture: () => ({ url: '/api/config/weekly_report/time_zone', body: { timeZone: 'Europe/Berlin' } }) },
  'POST /api/announcements': { statuses: AUTHZ.ADMIN_TENANT, fixture: () => ({ url: '/api/announcements', body: { title: 'Release', description: 'A new version is out.' } }) },
});
