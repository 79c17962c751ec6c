import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import notificationsPlugin from '../server.js';
import { notificationsService, type Announcement } from '../api.js';

/** A logged-in user of the test kernel (the SDK's testing entry does not export the type). */
type TestUser = Awaited<ReturnType<TestKernel['createMember']>>;

describe('announcement routes', () => {
  let t: TestKernel;
  let tenantA: number;
  let owner: TestUser;
  let member: TestUser;
  let ownerB: TestUser;

  const list = async (user: TestUser) => {
    const res = await t.request('GET', '/api/announcements', { token: user.token });
    expect(res.status).toBe(200);
    return res.body.data as Announcement[];
  };
  const post = (user: TestUser, body: unknown) => t.request('POST', '/api/announcements', { token: user.token, body });

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [notificationsPlugin] });
    const a = await t.createTenant('Tenant A');
    tenantA = a.tenantId;
    owner = a.owner;
    member = await t.createMember(tenantA, { permissions: ['SESSION_REPLAY'] });
    ownerB = (await t.createTenant('Tenant B')).owner;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('starts empty', async () => {
    expect(await list(owner)).toEqual([]);
  });

  it('an admin posts to the team; every member of that tenant, and only them, sees it unviewed', async () => {
    const res = await post(owner, {
      title: '  Release 1.7  ',
      description: 'Funnels now show the issues that hurt conversion.',
      buttonText: 'Read the notes',
      buttonUrl: 'https://cassette.example/releases/1.7',
      imageUrl: 'https://cassette.example/releases/1.7.png',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      announcementId: expect.any(Number),
      type: 'announcement',
      title: 'Release 1.7',
      description: 'Funnels now show the issues that hurt conversion.',
      imageUrl: 'https://cassette.example/releases/1.7.png',
      createdAt: expect.any(Number),
      viewed: false,
      buttonUrl: 'https://cassette.example/releases/1.7',
      buttonText: 'Read the notes',
    });
    expect(await list(member)).toEqual([res.body.data]);
    expect(await list(ownerB)).toEqual([]);
  });

  it('lists newest first', async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await post(owner, { title: 'Newer', description: 'Posted later.', type: 'release' });
    expect(res.status).toBe(200);
    const items = await list(member);
    expect(items.map((a) => a.title)).toEqual(['Newer', 'Release 1.7']);
    expect(items[0]).toMatchObject({ type: 'release' });
  });

  it('only admins may post', async () => {
    const res = await post(member, { title: 'Sneaky', description: 'Members cannot post.' });
    expect(res.status).toBe(403);
    expect((await list(owner)).some((a) => a.title === 'Sneaky')).toBe(false);
  });

  it('refuses bad input with 400 { errors } and creates nothing', async () => {
    const before = (await list(owner)).length;
    const bad: unknown[] = [
      {},
      { description: 'no title' },
      { title: '   ', description: 'blank title' },
      { title: 'No description' },
      { title: 'x'.repeat(201), description: 'too long' },
      { title: 'Script', description: 'd', buttonText: 'Go', buttonUrl: 'javascript:alert(1)' },
      { title: 'Relative', description: 'd', buttonText: 'Go', buttonUrl: '/onboarding' },
      { title: 'No host', description: 'd', buttonText: 'Go', buttonUrl: 'https://' },
      { title: 'Text only', description: 'd', buttonText: 'Go' },
      { title: 'Url only', description: 'd', buttonUrl: 'https://example.com' },
      { title: 'Image', description: 'd', imageUrl: 'ftp://example.com/a.png' },
      { title: 'Image', description: 'd', imageUrl: 'data:image/png;base64,AAAA' },
      { title: 'Type', description: 'd', type: 'Not A Type!' },
      { title: 'Nul\u0000', description: 'Postgres refuses U+0000' },
      { title: 'Nul', description: 'd', buttonText: 'Go', buttonUrl: 'https://example.com/\u0000' },
    ];
    for (const body of bad) {
      const res = await post(owner, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Array.isArray(res.body.errors) && res.body.errors.length > 0).toBe(true);
    }
    expect((await list(owner)).length).toBe(before);
  });

  it('GET /announcements/view marks everything posted so far viewed for the caller only', async () => {
    const res = await t.request('GET', '/api/announcements/view', { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.data.lastReadAt).toEqual(expect.any(Number));
    expect((await list(member)).every((a) => a.viewed)).toBe(true);
    expect((await list(owner)).every((a) => !a.viewed)).toBe(true);

    // Idempotent; and what is posted afterwards is new again.
    expect((await t.request('GET', '/api/announcements/view', { token: member.token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await post(owner, { title: 'After the mark', description: 'Fresh news.' });
    const items = await list(member);
    expect(items[0]).toMatchObject({ title: 'After the mark', viewed: false });
    expect(items.slice(1).every((a) => a.viewed)).toBe(true);
  });

  it('announce() from another plugin reaches that tenant only', async () => {
    const id = await t.kernel.resolve(notificationsService).announce({ tenantId: tenantA, title: 'From a plugin', description: 'Hello team.' });
    expect((await list(member))[0]).toMatchObject({ announcementId: id, title: 'From a plugin' });
    expect((await list(ownerB)).some((a) => a.announcementId === id)).toBe(false);
  });
});
