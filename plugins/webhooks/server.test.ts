import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import { webhooksServiceRef } from './api.js';
import webhooksPlugin from './server.js';

describe('webhooks plugin boot', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await createTestKernel({ plugins: [webhooksPlugin] });
  });
  afterAll(async () => t?.close());

  it('creates its table and provides the delivery service', async () => {
    const run = t.kernel.resolve(coreServices.database).sql;
    const tables = await run<{ table_name: string }>(sql`select table_name from information_schema.tables where table_name like 'webhooks\\_%' order by table_name`);
    expect(tables.map((r) => r.table_name)).toEqual(['webhooks_webhooks']);
    expect(typeof t.kernel.resolve(webhooksServiceRef).deliver).toBe('function');
  });

  it('mounts its routes behind a login', async () => {
    for (const [method, url] of [
      ['GET', '/webhooks'],
      ['POST', '/webhooks'],
      ['PUT', '/webhooks/1'],
      ['DELETE', '/webhooks/1'],
      ['GET', '/webhooks/1/signing_secret'],
      ['POST', '/webhooks/1/test'],
      ['GET', '/integrations/slack/channels'],
      ['POST', '/integrations/slack'],
      ['PUT', '/integrations/slack/1'],
      ['DELETE', '/integrations/slack/1'],
      ['GET', '/integrations/slack/authorize'],
      ['POST', '/integrations/slack/add'],
    ] as const) {
      expect((await t.request(method, `/api${url}`)).status, `${method} ${url}`).toBe(401);
    }
  });
});
