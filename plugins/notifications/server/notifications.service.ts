import type { DatabaseService, Logger, ProjectsService, UsersService } from '@cassette/plugin-sdk/server';
import type { AnnounceInput, NotificationsService, NotifyInput } from '../api.js';
import { writeAnnouncement } from './announcement-writer.js';
import { NotificationEntity } from './notification.entity.js';
import { ANNOUNCE_INPUT, NOTIFY_INPUT, assertValid } from './schemas.js';

/** sourceMeta is context for the UI (a metric value, a test run id), not a payload store. */
const MAX_SOURCE_META_BYTES = 16 * 1024;

export interface NotificationsServiceDeps {
  database: DatabaseService;
  users: UsersService;
  projects: ProjectsService;
  logger: Logger;
}

export function createNotificationsService(deps: NotificationsServiceDeps): NotificationsService {
  const log = deps.logger.child({ plugin: 'notifications' });

  async function recipientsOf(input: NotifyInput): Promise<number[]> {
    const members = new Set((await deps.users.listForTenant(input.tenantId)).map((u) => u.id));
    if (!input.userIds) return [...members];
    const wanted = [...new Set(input.userIds)];
    const recipients = wanted.filter((id) => members.has(id));
    // A recipient list saved in an alert outlives members who leave; that is not the caller's bug.
    if (recipients.length < wanted.length) {
      log.warn({ tenantId: input.tenantId, skipped: wanted.filter((id) => !members.has(id)) }, 'notification recipients that are not members of the tenant were skipped');
    }
    return recipients;
  }

  return {
    async notify(input: NotifyInput): Promise<number[]> {
      assertValid(NOTIFY_INPUT, input, 'notificationsService.notify');
      if (input.sourceMeta) {
        const json = JSON.stringify(input.sourceMeta);
        if (Buffer.byteLength(json) > MAX_SOURCE_META_BYTES) throw new Error(`notificationsService.notify: sourceMeta is larger than ${MAX_SOURCE_META_BYTES} bytes`);
        // Postgres jsonb refuses U+0000 in strings.
        if (json.includes('\\u0000')) throw new Error('notificationsService.notify: sourceMeta contains a U+0000 character');
      }
      if (input.projectId !== undefined) {
        const project = await deps.projects.get(input.projectId);
        if (!project || project.tenantId !== input.tenantId) {
          throw new Error(`notificationsService.notify: project ${input.projectId} is not a project of tenant ${input.tenantId}`);
        }
      }
      const recipients = await recipientsOf(input);
      if (recipients.length === 0) return [];
      const source = input.source ?? 'SYSTEM';
      const createdAt = new Date();
      return deps.database.transaction(async (em) => {
        const rows = recipients.map((userId) =>
          em.create(NotificationEntity, {
            tenantId: input.tenantId,
            userId,
            projectId: input.projectId ?? null,
            level: input.level ?? 'info',
            title: input.title.trim(),
            description: input.description?.trim() || null,
            link: input.link ?? null,
            type: source.toLowerCase(),
            source,
            sourceId: input.sourceId ?? null,
            sourceMeta: input.sourceMeta ?? null,
            filterKey: input.filterKey ?? null,
            // One instant for every copy, so "ignore all up to the newest" treats them alike.
            createdAt,
          }),
        );
        await em.flush();
        return rows.map((row) => row.id);
      });
    },

    async announce(input: AnnounceInput): Promise<number> {
      assertValid(ANNOUNCE_INPUT, input, 'notificationsService.announce');
      const row = await writeAnnouncement(deps.database.em(), input);
      return row.id;
    },
  };
}
