import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreEvents, coreServices } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import notificationsPlugin from './server.js';
import { notificationsService } from './api.js';
import { WELCOME_ANNOUNCEMENT } from './server/welcome-announcement.js';

describe('notifications plugin boot', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await createTestKernel({ plugins: [notificationsPlugin] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('mounts its routes with the access they declare', () => {
    const mine = t.kernel.routes.filter((r) => r.plugin === 'notifications').map((r) => `${r.method} ${r.path} ${r.access.auth}`);
    expect(mine.sort()).toEqual(
      [
        'GET /api/notifications user',
        'GET /api/notifications/count user',
        'GET /api/notifications/:id/view user',
        'POST /api/notifications/view user',
        'GET /api/announcements user',
        'GET /api/announcements/view user',
        'POST /api/announcements admin',
        'GET /api/config/weekly_report user',
        'POST /api/config/weekly_report user',
        'GET /api/config/weekly_report/time_zone user',
        'PUT /api/config/weekly_report/time_zone admin',
      ].sort(),
    );
  });

  it('provides the notifications service', () => {
    const service = t.kernel.resolve(notificationsService);
    expect(typeof service.notify).toBe('function');
    expect(typeof service.announce).toBe('function');
  });

  it('rejects anonymous callers', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/count'],
      ['GET', '/api/notifications/1/view'],
      ['POST', '/api/notifications/view'],
      ['GET', '/api/announcements'],
      ['GET', '/api/announcements/view'],
      ['POST', '/api/announcements'],
    ] as const) {
      const res = await t.request(method, url, { body: method === 'POST' ? {} : undefined });
      expect(res.status, `${method} ${url}`).toBe(401);
    }
  });
});

describe('welcome announcement', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await createTestKernel({ plugins: [notificationsPlugin] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is posted when the first tenant signs up, once', async () => {
    const signup = await t.request('POST', '/api/signup', {
      body: { email: 'first@example.test', password: 'a-long-password', fullname: 'First Owner', organizationName: 'Acme', projectHost: 'acme.example.test' },
    });
    expect(signup.status).toBe(200);
    const token = signup.body.jwt as string;

    const list = await t.request('GET', '/api/announcements', { token });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      type: 'welcome',
      title: 'Welcome to Cassette',
      description: WELCOME_ANNOUNCEMENT.description,
      buttonText: 'Install the tracker',
      buttonUrl: '/onboarding/installing',
      viewed: false,
    });
    expect(typeof list.body.data[0].createdAt).toBe('number');

    // A redelivered event (a retrying bus, a second subscriber) must not post it twice.
    const tenantId = signup.body.data.client.tenantId as number;
    const events = t.kernel.resolve(coreServices.events);
    await events.publish(coreEvents.tenantCreated, { tenantId: Number(tenantId), ownerUserId: signup.body.data.account.id });
    const again = await t.request('GET', '/api/announcements', { token });
    expect(again.body.data).toHaveLength(1);
  });
});
