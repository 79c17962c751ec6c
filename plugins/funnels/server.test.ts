import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import { createFunnelsTestKernel, type FunnelsTestKernel } from './testing/funnels-test-kernel.js';

describe('funnels plugin boot', () => {
  let t: FunnelsTestKernel;
  beforeAll(async () => {
    t = await createFunnelsTestKernel();
  });
  afterAll(async () => t?.close());

  it('creates its table', async () => {
    const run = t.kernel.resolve(coreServices.database).sql;
    const tables = await run<{ table_name: string }>(sql`select table_name from information_schema.tables where table_name like 'funnels\\_%' order by table_name`);
    expect(tables.map((r) => r.table_name)).toEqual(['funnels_funnels']);
  });

  it('mounts its routes under the project, behind a login', async () => {
    const { projectId } = await t.createTenant();
    for (const [method, url] of [
      ['GET', '/funnels'],
      ['GET', '/funnels/issue_types'],
      ['POST', '/funnels'],
      ['GET', '/funnels/1'],
      ['POST', '/funnels/1'],
      ['POST', '/funnels/1/insights'],
      ['GET', '/funnels/1/issues'],
      ['POST', '/funnels/1/issues'],
      ['GET', '/funnels/1/sessions'],
      ['POST', '/funnels/1/sessions'],
      ['POST', '/funnels/1/issues/click_rage.aaaaaaaaaaaaaaaaaaaaaa/sessions'],
      ['DELETE', '/funnels/1'],
    ] as const) {
      expect((await t.request(method, `/api/${projectId}${url}`)).status, `${method} ${url}`).toBe(401);
    }
  });

  it('answers the issue types with their list names, custom not visible', async () => {
    const { projectId, owner } = await t.createTenant();
    const res = await t.request('GET', `/api/${projectId}/funnels/issue_types`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data.slice(0, 9)).toEqual([
      { type: 'js_exception', name: 'Errors', visible: true },
      { type: 'bad_request', name: 'Bad Requests', visible: true },
      { type: 'missing_resource', name: 'Missing Images', visible: true },
      { type: 'click_rage', name: 'Click Rage', visible: true },
      { type: 'dead_click', name: 'Dead Clicks', visible: true },
      { type: 'memory', name: 'High Memory', visible: true },
      { type: 'cpu', name: 'High CPU', visible: true },
      { type: 'crash', name: 'Crashes', visible: true },
      { type: 'custom', name: 'Custom', visible: false },
    ]);
    expect(res.body.data.map((i: { type: string }) => i.type).slice(9).sort()).toEqual(['custom_event_error', 'excessive_scrolling', 'slow_page_load', 'slow_resource']);
  });
});
