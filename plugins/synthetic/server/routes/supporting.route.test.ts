import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyntheticTestKernel, type SyntheticTestKernel } from '../../testing/synthetic-test-kernel.js';

describe('environments, variables, templates and schedulers', () => {
  let t: SyntheticTestKernel;
  let projectId: number;
  let token: string;
  let testId: number;
  beforeAll(async () => {
    t = await createSyntheticTestKernel();
    const tenant = await t.createTenant();
    projectId = tenant.projectId;
    token = tenant.owner.token;
    const test = await t.request('POST', `/api/${projectId}/tests`, { token, body: { name: 'Home', steps: [{ key: 'a', type: 'navigate', value: 'https://shop.example.com/' }] } });
    testId = test.body.data.testId;
  }, 120_000);
  afterAll(async () => t?.close());

  const call = (method: string, path: string, body?: unknown) => t.request(method, `/api/${projectId}${path}`, { token, ...(body === undefined ? {} : { body }) });

  describe('environments', () => {
    it('needs a valid URL and a non-empty name', async () => {
      const bad = await call('POST', '/environments', { name: ' ', url: 'staging' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual(['Give the environment a name.', 'Enter the environment URL as a full http(s) address, such as https://staging.example.com.']);
      expect((await call('POST', '/environments', { name: 'FTP', url: 'ftp://files.example.com' })).status).toBe(400);
    });

    it('keeps one default per project', async () => {
      const a = (await call('POST', '/environments', { name: 'Staging', url: 'https://staging.example.com', default: true })).body.data;
      const b = (await call('POST', '/environments', { name: 'Production', url: 'https://www.example.com', default: true })).body.data;
      expect(b.default).toBe(true);
      const list = (await call('GET', '/environments')).body.data as { environmentId: number; default: boolean }[];
      expect(list[0]!.environmentId).toBe(b.environmentId);
      expect(list.find((e) => e.environmentId === a.environmentId)?.default).toBe(false);
      const renamed = await call('PUT', `/environments/${a.environmentId}`, { name: 'Stage', url: 'https://stage.example.com' });
      expect(renamed.body.data).toMatchObject({ name: 'Stage', url: 'https://stage.example.com', default: false });
      expect((await call('DELETE', `/environments/${a.environmentId}`)).status).toBe(200);
      expect((await call('DELETE', `/environments/${a.environmentId}`)).status).toBe(404);
    });
  });

  describe('variables', () => {
    it('name starts with a letter or underscore, then letters, digits or underscores; value non-empty', async () => {
      for (const name of ['1abc', 'with-dash', 'with space', '']) {
        const res = await call('POST', '/variables', { name, value: 'x' });
        expect(res.status, name).toBe(400);
        expect(res.body.errors[0]).toContain('starts with a letter or underscore');
      }
      const empty = await call('POST', '/variables', { name: 'ok', value: '' });
      expect(empty.body.errors).toEqual(['Give the variable a value.']);
      for (const name of ['email', '_secret', 'card_4242']) expect((await call('POST', '/variables', { name, value: 'v' })).status, name).toBe(200);
    });

    it('refuses a second variable with a name already used', async () => {
      const res = await call('POST', '/variables', { name: 'email', value: 'other' });
      expect(res.status).toBe(409);
      const list = (await call('GET', '/variables')).body.data as { variableId: number; name: string }[];
      const secret = list.find((v) => v.name === '_secret')!;
      expect((await call('PUT', `/variables/${secret.variableId}`, { name: 'email', value: 'x' })).status).toBe(409);
      expect((await call('PUT', `/variables/${secret.variableId}`, { name: '_secret', value: 'new' })).body.data.value).toBe('new');
      expect((await call('DELETE', `/variables/${secret.variableId}`)).status).toBe(200);
    });
  });

  describe('templates', () => {
    it('lists the built-in templates and the organization\'s own; code non-empty', async () => {
      const builtIn = (await call('GET', '/templates')).body.data as { custom: boolean }[];
      expect(builtIn.length).toBeGreaterThan(0);
      expect(builtIn.every((x) => x.custom === false)).toBe(true);
      const bad = await call('POST', '/templates', { name: 'Nothing', code: '   ' });
      expect(bad.body.errors).toEqual(['A template needs code.']);
      const made = await call('POST', '/templates', { name: 'Close banner', code: "document.querySelector('.banner')?.remove();" });
      expect(made.body.data).toMatchObject({ name: 'Close banner', framework: 'selenium', custom: true });
      expect((await call('GET', '/templates')).body.data).toHaveLength(builtIn.length + 1);
      expect((await call('PUT', `/templates/${made.body.data.templateId}`, { name: 'Close banners', code: 'x()', framework: 'cypress' })).body.data.framework).toBe('cypress');
      expect((await call('DELETE', `/templates/${made.body.data.templateId}`)).status).toBe(200);
    });
  });

  describe('schedulers', () => {
    it('runs every 30 minutes by default, next execution set', async () => {
      const before = Date.now();
      const res = await call('POST', '/schedulers', { testId });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ name: 'Home', minutes: 30, day: -2, device: 'desktop', numberOFExecutions: 0, active: true, advancedOptions: { network: 'wifi', bypassCSP: false } });
      expect(res.body.data.nextExecutionTime).toBeGreaterThanOrEqual(before + 30 * 60_000);
    });

    it('is valid with an interval of 5 to 1440 minutes or a chosen weekday', async () => {
      for (const minutes of [4, 1441, 0]) {
        const res = await call('POST', '/schedulers', { testId, day: -2, minutes });
        expect(res.status, String(minutes)).toBe(400);
        expect(res.body.errors[0]).toBe('Run every 5 to 1440 minutes.');
      }
      for (const minutes of [5, 1440]) expect((await call('POST', '/schedulers', { testId, day: -2, minutes })).status).toBe(200);
      // A weekday makes the interval irrelevant.
      expect((await call('POST', '/schedulers', { testId, day: 2, minutes: 1, hour: 9, timezone: 'UTC' })).status).toBe(200);
      expect((await call('POST', '/schedulers', { testId, day: 7, hour: 9 })).status).toBe(400);
      expect((await call('POST', '/schedulers', { testId, day: -1, hour: 24 })).status).toBe(400);
      expect((await call('POST', '/schedulers', { testId, day: -1, hour: 9, timezone: 'Mars/Olympus' })).status).toBe(400);
    });

    it('stores the local hour as UTC minutes, the weekday moved with it', async () => {
      const res = await call('POST', '/schedulers', { testId, day: 0, hour: 3, timezone: 'Asia/Kolkata' });
      expect(res.body.data).toMatchObject({ day: 6, hour: 21 * 60 + 30, localHour: 3, timezone: 'Asia/Kolkata' });
      const next = new Date(res.body.data.nextExecutionTime);
      expect(next.getUTCDay()).toBe(0);
      expect(next.getUTCHours() * 60 + next.getUTCMinutes()).toBe(21 * 60 + 30);
    });

    it('needs a webhook id for a webhook notification and a valid email for an email one', async () => {
      const webhook = await call('POST', '/schedulers', { testId, notifications: [{ type: 'webhook', value: '' }] });
      expect(webhook.body.errors).toEqual(['Choose the webhook to notify.']);
      const email = await call('POST', '/schedulers', { testId, notifications: [{ type: 'email', value: 'ops-at-shop' }] });
      expect(email.body.errors).toEqual(['"ops-at-shop" is not a valid email address.']);
      const ok = await call('POST', '/schedulers', { testId, notifications: [{ type: 'webhook', value: '12' }, { type: 'email', value: 'ops@shop.test' }, { type: 'slack', value: '3' }] });
      expect(ok.status).toBe(200);
    });

    it('refuses a test or environment of another project, updates and deletes', async () => {
      expect((await call('POST', '/schedulers', { testId: 999999 })).status).toBe(400);
      expect((await call('POST', '/schedulers', { testId, environmentId: 999999 })).status).toBe(400);
      const made = (await call('POST', '/schedulers', { testId, name: 'Nightly' })).body.data;
      const changed = await call('PUT', `/schedulers/${made.schedulerId}`, { testId, name: 'Nightly', day: -1, hour: 2, timezone: 'UTC', active: false });
      expect(changed.body.data).toMatchObject({ day: -1, hour: 120, active: false });
      expect(changed.body.data).not.toHaveProperty('nextExecutionTime');
      expect((await call('GET', `/schedulers/${made.schedulerId}`)).body.data.name).toBe('Nightly');
      expect((await call('DELETE', `/schedulers/${made.schedulerId}`)).status).toBe(200);
      expect((await call('GET', `/schedulers/${made.schedulerId}`)).status).toBe(404);
      const gone = await call('POST', `/schedulers/${made.schedulerId}/run`);
      expect(gone.status).toBe(404);
      expect(gone.body.errors).toEqual(['Scheduler not found; it may have been deleted with its test.']);
    });
  });
});
