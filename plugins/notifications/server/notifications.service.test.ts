import { Value } from '@sinclair/typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import notificationsPlugin from '../server.js';
import { notificationsService, type NotificationsService } from '../api.js';
import { NotificationEntity } from './notification.entity.js';
import { DEFAULT_RETENTION_DAYS, pruneNotifications } from './prune-notifications.job.js';
import { notificationsSettings } from './settings.js';

/** A logged-in user of the test kernel (the SDK's testing entry does not export the type). */
type TestUser = Awaited<ReturnType<TestKernel['createMember']>>;

describe('notifications service', () => {
  let t: TestKernel;
  let service: NotificationsService;
  let tenantA: number;
  let projectA: number;
  let owner: TestUser;
  let tenantB: number;
  let projectB: number;
  let ownerB: TestUser;

  const unviewed = async (user: TestUser) => (await t.request('GET', '/api/notifications/count', { token: user.token })).body.data.count as number;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [notificationsPlugin] });
    service = t.kernel.resolve(notificationsService);
    const a = await t.createTenant();
    tenantA = a.tenantId;
    projectA = a.projectId;
    owner = a.owner;
    const b = await t.createTenant();
    tenantB = b.tenantId;
    projectB = b.projectId;
    ownerB = b.owner;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('notify() skips recipients outside the tenant and says so in the log', async () => {
    const ids = await service.notify({ tenantId: tenantA, userIds: [owner.id, ownerB.id, owner.id], title: 'Only members' });
    expect(ids).toHaveLength(1);
    expect(await unviewed(ownerB)).toBe(0);
    const warning = t.log.lines.find((line) => line.level === 'warn' && line.msg?.includes('not members of the tenant'));
    expect(warning?.obj).toMatchObject({ plugin: 'notifications', tenantId: tenantA, skipped: [ownerB.id] });
  });

  it('notify() with nobody left to tell creates nothing', async () => {
    expect(await service.notify({ tenantId: tenantA, userIds: [ownerB.id], title: 'Nobody' })).toEqual([]);
  });

  it("notify() refuses another tenant's project", async () => {
    await expect(service.notify({ tenantId: tenantA, projectId: projectB, title: 'Cross-tenant' })).rejects.toThrow(/not a project of tenant/);
    await expect(service.notify({ tenantId: tenantA, projectId: projectA, title: 'Own project' })).resolves.toHaveLength(1);
  });

  it('notify() refuses invalid input and creates nothing', async () => {
    const before = await unviewed(owner);
    const bad = [
      { tenantId: tenantA, title: '' },
      { tenantId: tenantA, title: '   ' },
      { tenantId: 0, title: 'Bad tenant' },
      { tenantId: tenantA, title: 'Bad link', link: 'javascript:alert(1)' },
      { tenantId: tenantA, title: 'Protocol-relative', link: '//evil.example/x' },
      { tenantId: tenantA, title: 'Bad level', level: 'fatal' },
      { tenantId: tenantA, title: 'Bad source', source: 'OTHER' },
      { tenantId: tenantA, title: 'Huge meta', sourceMeta: { blob: 'x'.repeat(20_000) } },
      { tenantId: tenantA, title: 'Extra', unknownField: 1 },
      { tenantId: tenantA, title: 'Nul\u0000' },
      { tenantId: tenantA, title: 'Nul meta', sourceMeta: { text: 'a\u0000b' } },
    ];
    for (const input of bad) {
      await expect(service.notify(input as never), JSON.stringify(input).slice(0, 80)).rejects.toThrow(/notificationsService\.notify/);
    }
    expect(await unviewed(owner)).toBe(before);
  });

  it('notify() accepts app paths and http(s) links', async () => {
    await expect(service.notify({ tenantId: tenantA, title: 'Path', link: '/1/errors' })).resolves.toHaveLength(1);
    await expect(service.notify({ tenantId: tenantA, title: 'URL', link: 'https://status.example.com/incident/4' })).resolves.toHaveLength(1);
  });

  it('announce() with a key posts once per tenant', async () => {
    const first = await service.announce({ tenantId: tenantA, key: 'release-1.7', title: 'Release 1.7', description: 'New.' });
    const second = await service.announce({ tenantId: tenantA, key: 'release-1.7', title: 'Release 1.7', description: 'New.' });
    const otherTenant = await service.announce({ tenantId: tenantB, key: 'release-1.7', title: 'Release 1.7', description: 'New.' });
    expect(second).toBe(first);
    expect(otherTenant).not.toBe(first);
  });

  it('announce() refuses unsafe URLs and a lone button half', async () => {
    const bad = [
      { tenantId: tenantA, title: 'T', description: 'D', buttonText: 'Go', buttonUrl: 'javascript:alert(1)' },
      { tenantId: tenantA, title: 'T', description: 'D', buttonText: 'Go' },
      { tenantId: tenantA, title: 'T', description: 'D', imageUrl: '/local.png' },
      { tenantId: tenantA, title: '', description: 'D' },
    ];
    for (const input of bad) await expect(service.announce(input)).rejects.toThrow();
  });

  it('the prune job deletes notifications older than the retention, and only those', async () => {
    const database = t.kernel.resolve(coreServices.database);
    const [recent] = await service.notify({ tenantId: tenantA, userIds: [owner.id], title: 'Recent' });
    const [old] = await service.notify({ tenantId: tenantA, userIds: [owner.id], title: 'Old' });
    await database.sql(sql`update notifications_notifications set created_at = now() - interval '91 days' where id = ${old}`);
    const deleted = await pruneNotifications(database, { retentionDays: 90 }, { log: t.kernel.log });
    expect(deleted).toBe(1);
    const left = await database.em().find(NotificationEntity, { id: { $in: [recent!, old!] } });
    expect(left.map((n) => n.id)).toEqual([recent]);
  });

  it('reads the retention from the plugin settings, refusing nonsense', () => {
    const read = (raw: Record<string, unknown>) => Value.Default(notificationsSettings.schema, structuredClone(raw)) as { retentionDays: unknown };
    expect(read({}).retentionDays).toBe(DEFAULT_RETENTION_DAYS);
    expect(read({ retentionDays: 30 }).retentionDays).toBe(30);
    for (const bad of [0, -1, 1.5, '30', 100_000]) expect(Value.Check(notificationsSettings.schema, read({ retentionDays: bad })), String(bad)).toBe(false);
  });
});
