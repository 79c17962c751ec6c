import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import { notificationsServices } from '../api.js';
import notificationsPlugin from '../server.js';

const URL = '/api/config/weekly_report/time_zone';

describe('weekly report time zone: GET and PUT /api/config/weekly_report/time_zone', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await createTestKernel({ plugins: [notificationsPlugin] });
  });
  afterAll(async () => t?.close());

  it('is UTC until an admin picks a zone for the whole organization; members read it', async () => {
    const { owner, tenantId } = await t.createTenant();
    const member = await t.createMember(tenantId);
    const other = await t.createTenant('Other org');
    expect((await t.request('GET', URL, { token: member.token })).body).toEqual({ data: { timeZone: 'UTC', chosen: false } });

    const saved = await t.request('PUT', URL, { token: owner.token, body: { timeZone: 'Pacific/Auckland' } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ timeZone: 'Pacific/Auckland', chosen: true });
    expect((await t.request('GET', URL, { token: member.token })).body.data).toEqual({ timeZone: 'Pacific/Auckland', chosen: true });
    expect((await t.request('GET', URL, { token: other.owner.token })).body.data).toEqual({ timeZone: 'UTC', chosen: false });

    const preferences = t.kernel.resolve(notificationsServices.weeklyReport);
    expect(await preferences.timeZone(tenantId)).toBe('Pacific/Auckland');
    expect(await preferences.timeZone(other.tenantId)).toBe('UTC');
  });

  it('stores the canonical spelling', async () => {
    const { owner } = await t.createTenant();
    expect((await t.request('PUT', URL, { token: owner.token, body: { timeZone: 'utc' } })).body.data).toEqual({ timeZone: 'UTC', chosen: true });
  });

  it('refuses a non-admin (403) and an unknown zone (400), changing nothing', async () => {
    const { owner, tenantId } = await t.createTenant();
    await t.request('PUT', URL, { token: owner.token, body: { timeZone: 'Europe/Berlin' } });
    const member = await t.createMember(tenantId);
    expect((await t.request('PUT', URL, { token: member.token, body: { timeZone: 'Asia/Tokyo' } })).status).toBe(403);
    for (const body of [{ timeZone: 'Mars/Olympus_Mons' }, { timeZone: '' }, { timeZone: 42 }, {}, { timeZone: 'x'.repeat(65) }]) {
      const res = await t.request('PUT', URL, { token: owner.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.length).toBeGreaterThan(0);
    }
    expect((await t.request('PUT', URL, { token: owner.token, body: { timeZone: 'Mars/Olympus_Mons' } })).body.errors[0]).toMatch(/Unknown time zone "Mars\/Olympus_Mons"/);
    expect((await t.request('GET', URL, { token: owner.token })).body.data).toEqual({ timeZone: 'Europe/Berlin', chosen: true });
    expect((await t.request('GET', URL)).status).toBe(401);
  });

  it('lists the members who turned their report off', async () => {
    const { owner, tenantId } = await t.createTenant();
    const member = await t.createMember(tenantId);
    await t.request('POST', '/api/config/weekly_report', { token: member.token, body: { weeklyReport: false } });
    await t.request('POST', '/api/config/weekly_report', { token: owner.token, body: { weeklyReport: true } });
    expect([...(await t.kernel.resolve(notificationsServices.weeklyReport).switchedOff(tenantId))]).toEqual([member.id]);
  });

  it('reads a stored zone the runtime no longer knows as UTC', async () => {
    const { owner, tenantId } = await t.createTenant();
    await t.kernel.resolve(coreServices.database).sql(sql`insert into notifications_weekly_report_time_zone (tenant_id, time_zone, updated_by) values (${tenantId}, 'Gone/Zone', ${owner.id})`);
    expect((await t.request('GET', URL, { token: owner.token })).body.data).toEqual({ timeZone: 'UTC', chosen: false });
  });
});
