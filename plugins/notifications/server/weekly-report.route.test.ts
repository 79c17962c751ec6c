import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import notificationsPlugin from '../server.js';

describe('weekly report switch: GET and POST /api/config/weekly_report', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await createTestKernel({ plugins: [notificationsPlugin] });
  });
  afterAll(async () => t?.close());

  it("is on until the user turns it off, and each user's choice is their own", async () => {
    const { owner, tenantId } = await t.createTenant();
    const member = await t.createMember(tenantId);
    const other = (await t.createTenant('Other org')).owner;
    expect((await t.request('GET', '/api/config/weekly_report', { token: owner.token })).body).toEqual({ data: { weeklyReport: true } });

    const off = await t.request('POST', '/api/config/weekly_report', { token: owner.token, body: { weeklyReport: false } });
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ weeklyReport: false });
    expect((await t.request('GET', '/api/config/weekly_report', { token: owner.token })).body.data).toEqual({ weeklyReport: false });
    expect((await t.request('GET', '/api/config/weekly_report', { token: member.token })).body.data).toEqual({ weeklyReport: true });
    expect((await t.request('GET', '/api/config/weekly_report', { token: other.token })).body.data).toEqual({ weeklyReport: true });

    await t.request('POST', '/api/config/weekly_report', { token: owner.token, body: { weeklyReport: true } });
    expect((await t.request('GET', '/api/config/weekly_report', { token: owner.token })).body.data).toEqual({ weeklyReport: true });
  });

  it('refuses a body without a boolean, changing nothing', async () => {
    const { owner } = await t.createTenant();
    for (const body of [{}, { weeklyReport: 'maybe' }]) {
      const res = await t.request('POST', '/api/config/weekly_report', { token: owner.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.length).toBeGreaterThan(0);
    }
    expect((await t.request('GET', '/api/config/weekly_report', { token: owner.token })).body.data).toEqual({ weeklyReport: true });
    expect((await t.request('GET', '/api/config/weekly_report')).status).toBe(401);
  });
});
