import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import { ingestStandIn } from '@cassette/plugin-ingest/testing';
import assetsPlugin from './server.js';

describe('assets plugin boot', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await createTestKernel({ plugins: [ingestStandIn({ processors: [] }), assetsPlugin] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('mounts the proxy route and its token route behind the replay permission', () => {
    const mine = t.kernel.routes.filter((r) => r.plugin === 'assets').map((r) => `${r.method} ${r.path} ${r.access.auth} ${r.access.permission}`);
    expect(mine.sort()).toEqual(['GET /api/:projectId/assets user SESSION_REPLAY', 'GET /api/:projectId/assets/token user SESSION_REPLAY']);
  });

  it('creates the list of what live sessions showed', async () => {
    const rows = await t.kernel.resolve(coreServices.database).sql<{ n: number }>(sql`select count(*)::int as n from assets_live_references`);
    expect(rows[0]?.n).toBe(0);
  });

  it('refuses anonymous callers', async () => {
    const res = await t.request('GET', `/api/1/assets?url=${encodeURIComponent('https://cdn.example.test/a.png')}`);
    expect(res.status).toBe(401);
  });

  it('refuses settings out of range at boot, naming the plugin', async () => {
    await expect(createTestKernel({ plugins: [ingestStandIn({ processors: [] }), assetsPlugin], config: { plugins: [{ id: 'assets', settings: { maxAssetBytes: 1 } }] } })).rejects.toThrow(/assets/);
  });
});
