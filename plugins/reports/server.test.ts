import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import { createReportsTestKernel, type ReportsTestKernel } from './testing/reports-test-kernel.js';

describe('reports plugin boot', () => {
  let t: ReportsTestKernel;
  beforeAll(async () => {
    t = await createReportsTestKernel();
  }, 120_000);
  afterAll(async () => t?.close());

  it('creates its tables and mounts no routes', async () => {
    const run = t.kernel.resolve(coreServices.database).sql;
    const tables = await run<{ table_name: string }>(sql`select table_name from information_schema.tables where table_name like 'reports\\_%' order by table_name`);
    expect(tables.map((r) => r.table_name)).toEqual(['reports_weekly_deliveries', 'reports_weekly_sends']);
    expect(t.kernel.routes.filter((r) => r.plugin === 'reports')).toEqual([]);
  });
});
