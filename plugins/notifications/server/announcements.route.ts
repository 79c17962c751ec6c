import { Type } from '@sinclair/typebox';
import { defineRoute, sql } from '@cassette/plugin-sdk/server';
import { AnnouncementReadEntity } from './announcement-read.entity.js';
import { AnnouncementEntity } from './announcement.entity.js';
import { writeAnnouncement } from './announcement-writer.js';
import { ANNOUNCEMENT_BODY, ANNOUNCEMENT_LIST_LIMIT, ANNOUNCEMENT_VIEW } from './schemas.js';
import { announcementView } from './views.js';

export const listAnnouncementsRoute = defineRoute({
  method: 'GET',
  url: '/announcements',
  access: { auth: 'user' },
  summary: "The team's newest announcements (at most 50), newest first, with `viewed` for the caller",
  schema: { response: Type.Array(ANNOUNCEMENT_VIEW) },
  handler: async ({ em, caller }) => {
    const rows = await em.find(AnnouncementEntity, { tenantId: caller.tenantId }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: ANNOUNCEMENT_LIST_LIMIT });
    const read = await em.findOne(AnnouncementReadEntity, { userId: caller.userId });
    return rows.map((row) => announcementView(row, read?.lastReadAt ?? null));
  },
});

// A GET that writes, because the spec's client calls it that way; it is idempotent.
export const markAnnouncementsReadRoute = defineRoute({
  method: 'GET',
  url: '/announcements/view',
  access: { auth: 'user' },
  summary: 'Mark every announcement posted so far viewed for the caller',
  schema: { response: Type.Object({ lastReadAt: Type.Integer() }) },
  handler: async ({ sql: run, caller }) => {
    const now = new Date();
    // greatest(): a slow, older request must not move the mark back and resurrect the badge.
    const rows = await run<{ last_read_at: Date | string }>(
      sql`insert into notifications_announcement_reads (user_id, tenant_id, last_read_at) values (${caller.userId}, ${caller.tenantId}, ${now})
       on conflict (user_id) do update set last_read_at = greatest(notifications_announcement_reads.last_read_at, excluded.last_read_at),
         tenant_id = excluded.tenant_id
       returning last_read_at`,
    );
    return { lastReadAt: new Date(rows[0]?.last_read_at ?? now).getTime() };
  },
});

export const createAnnouncementRoute = defineRoute({
  method: 'POST',
  url: '/announcements',
  access: { auth: 'admin' },
  summary: 'Post an announcement to everyone in the organization',
  schema: { body: ANNOUNCEMENT_BODY, response: ANNOUNCEMENT_VIEW },
  handler: async ({ em, caller, body }) => {
    const row = await writeAnnouncement(em, { ...body, tenantId: caller.tenantId });
    return announcementView(row, null);
  },
});
