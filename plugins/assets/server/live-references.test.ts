import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import { ingestStandIn } from '@cassette/plugin-ingest/testing';
import type { RecordingEvent } from '@cassette/plugin-ingest/api';
import { assetsServices, type LiveAssetReferences } from '../api.js';
import assetsPlugin from '../server.js';
import { pageReferencing } from '../testing/asset-sites.js';

const SESSION = '1900000000000000042';
const OTHER_SESSION = '1900000000000000043';

describe('assets.liveReferences: what a live session shows', () => {
  let t: TestKernel;
  let live: LiveAssetReferences;
  let projectId: number;
  const shownBy = async (sessionId: string) =>
    (
      await t.kernel.resolve(coreServices.database).sql<{ url: string }>(sql`select a.url from assets_live_references r join assets_assets a on a.project_id = r.project_id and a.url_hash = r.url_hash
        where r.project_id = ${projectId} and r.session_id = ${sessionId} order by a.url`)
    ).map((r) => r.url);

  beforeAll(async () => {
    t = await createTestKernel({
      plugins: [ingestStandIn({ processors: [] }), assetsPlugin],
      env: { PUBLIC_URL: 'https://cassette.example.test' },
      config: { plugins: [{ id: 'assets', settings: { maxAssetsPerProject: 3 } }] },
    });
    projectId = (await t.createTenant()).projectId;
    live = t.kernel.resolve(assetsServices.liveReferences);
  });
  afterAll(async () => t?.close());

  it('takes URLs out of streamed events as out of a stored batch, relative ones against the page carried between messages', () => {
    const first = live.extract(pageReferencing('https://shop.example.test/a/', { images: ['https://cdn.example.test/logo.png'] }) as RecordingEvent[], null);
    expect(first).toEqual({ urls: ['https://cdn.example.test/logo.png'], pageUrl: 'https://shop.example.test/a/' });
    const mutation = { type: 3, timestamp: 1, data: { source: 0, texts: [], attributes: [], removes: [], adds: [{ parentId: 1, nextId: null, node: { type: 2, id: 9, tagName: 'img', attributes: { src: '../img/new.png#x' }, childNodes: [] } }] } };
    expect(live.extract([mutation] as RecordingEvent[], first.pageUrl).urls).toEqual(['https://shop.example.test/img/new.png']);
  });

  it("registers them with a stored batch's rules (own origin skipped, the project's cap) and notes them for the session only", async () => {
    await live.register(projectId, SESSION, ['https://cdn.example.test/a.png', 'https://cassette.example.test/own.png', 'https://cdn.example.test/b.png']);
    expect(await shownBy(SESSION)).toEqual(['https://cdn.example.test/a.png', 'https://cdn.example.test/b.png']);
    expect(await shownBy(OTHER_SESSION)).toEqual([]);
    // The project holds 3 URLs at most: past it nothing is registered, so nothing is noted as servable.
    await live.register(projectId, OTHER_SESSION, ['https://cdn.example.test/c.png', 'https://cdn.example.test/d.png']);
    expect(await shownBy(OTHER_SESSION)).toEqual(['https://cdn.example.test/c.png']);
    const [count] = await t.kernel.resolve(coreServices.database).sql<{ n: number }>(sql`select count(*)::int as n from assets_assets where project_id = ${projectId}`);
    expect(count?.n).toBe(3);
  });

  it('forgets what deleted sessions showed, and keeps the copies (they are the project’s)', async () => {
    await live.forget(projectId, [SESSION]);
    expect(await shownBy(SESSION)).toEqual([]);
    expect(await shownBy(OTHER_SESSION)).toEqual(['https://cdn.example.test/c.png']);
    const [count] = await t.kernel.resolve(coreServices.database).sql<{ n: number }>(sql`select count(*)::int as n from assets_assets where project_id = ${projectId}`);
    expect(count?.n).toBe(3);
  });
});
