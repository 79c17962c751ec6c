import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel, type TestUser } from '@cassette/plugin-sdk/testing';
import type { IngestProcessor, RecordingEvent } from '@cassette/plugin-ingest/api';
import { decodedBatch, eventually, ingestSession, ingestStandIn, processorContext } from '@cassette/plugin-ingest/testing';
import { assetProxyPath } from '@cassette/recording-safety';
import assetsPlugin from '../server.js';
import { pageReferencing, startAssetSite, type AssetSite } from '../testing/asset-sites.js';

const MB = 1024 * 1024;
// Two pictures of 0.6 MiB: the first fits the smallest quota a project may have (1 MiB), the second would pass it.
const PICTURE = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(0.6 * MB, 3)]);

describe("asset proxy: a project's storage quota", () => {
  let t: TestKernel;
  let cdn: AssetSite;
  let projectId: number;
  let tenantId: number;
  let owner: TestUser;
  const processors: IngestProcessor[] = [];
  const page = 'https://shop.example.test/gallery';

  async function stateOf(url: string) {
    const [row] = await t.kernel.resolve(coreServices.database).sql<{ state: string; reason: string | null }>(sql`select state, reason from assets_assets where project_id = ${projectId} and url = ${url}`);
    return row;
  }
  const settled = (url: string) => eventually(`asset ${url}`, async () => (((await stateOf(url))?.state ?? 'pending') !== 'pending' ? stateOf(url) : undefined));

  beforeAll(async () => {
    cdn = await startAssetSite({ '/a.png': { type: 'image/png', body: PICTURE }, '/b.png': { type: 'image/png', body: PICTURE } });
    t = await createTestKernel({
      plugins: [ingestStandIn({ processors }), assetsPlugin],
      env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${cdn.port}` },
      config: { plugins: [{ id: 'assets', settings: { projectQuotaBytes: MB } }] },
    });
    const tenant = await t.createTenant();
    ({ projectId, tenantId, owner } = tenant);
  });
  afterAll(async () => {
    await t?.close();
    await cdn?.close();
  });

  it('keeps copies until the quota is used up, then refuses new ones with the reason, and the copies kept still serve', async () => {
    const session = ingestSession(projectId, tenantId, { url: page });
    const record = async (src: string, seq: number) => {
      const batch = decodedBatch(session, seq, [], { recording: pageReferencing(page, { images: [src] }) as RecordingEvent[] });
      for (const processor of processors) await processor.batch?.(session, batch, processorContext(t));
    };
    await record(`${cdn.origin}/a.png`, 0);
    expect(await settled(`${cdn.origin}/a.png`)).toMatchObject({ state: 'stored' });
    await record(`${cdn.origin}/b.png`, 1);
    const refused = await settled(`${cdn.origin}/b.png`);
    expect(refused).toMatchObject({ state: 'failed' });
    expect(refused!.reason).toContain('quota');

    const get = (url: string) => t.kernel.app.inject({ method: 'GET', url: assetProxyPath(projectId, url), headers: { authorization: `Bearer ${owner.token}` } });
    const kept = await get(`${cdn.origin}/a.png`);
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload.equals(PICTURE)).toBe(true);
    const over = await get(`${cdn.origin}/b.png`);
    expect(over.statusCode).toBe(404);
    expect(over.json().errors.join(' ')).toContain('quota');
  });
});
