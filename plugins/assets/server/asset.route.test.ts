import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreEvents, coreServices, sql } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel, type TestUser } from '@cassette/plugin-sdk/testing';
import type { IngestProcessor, RecordingEvent } from '@cassette/plugin-ingest/api';
import { decodedBatch, eventually, ingestSession, ingestStandIn, processorContext } from '@cassette/plugin-ingest/testing';
import { assetProxyPath } from '@cassette/recording-safety';
import assetsPlugin from '../server.js';
import { pageReferencing, startAssetSite, type AssetSite } from '../testing/asset-sites.js';
import { ASSET_CONTENT_SECURITY_POLICY } from './serve-asset.js';
import { ASSET_TOKEN_TTL_MS, issueAssetToken } from './asset-token.js';

const FONT = Buffer.from('wOF2-font-bytes-for-the-test');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(200, 7)]);
const VIDEO = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251));
const MAX_ASSET_BYTES = 2048;

describe('asset proxy: GET /api/:projectId/assets', () => {
  let t: TestKernel;
  let cdn: AssetSite;
  let privateSite: AssetSite;
  let projectId: number;
  let tenantId: number;
  const processors: IngestProcessor[] = [];
  let owner: TestUser;
  let otherTenantOwner: TestUser;
  const page = 'https://shop.example.test/products/1';
  const asset = (url: string, token = owner.token, headers: Record<string, string> = {}) =>
    t.kernel.app.inject({ method: 'GET', url: assetProxyPath(projectId, url), headers: { authorization: `Bearer ${token}`, ...headers } });

  /** Hands a stored batch to the contributed processors, as ingest's pipeline does. */
  async function record(events: unknown[]): Promise<void> {
    const session = ingestSession(projectId, tenantId, { url: page });
    const batch = decodedBatch(session, 0, [], { recording: events as RecordingEvent[] });
    for (const processor of processors) await processor.batch?.(session, batch, processorContext(t));
  }

  async function stateOf(url: string): Promise<{ state: string; reason: string | null } | undefined> {
    const [row] = await t.kernel.resolve(coreServices.database).sql<{ state: string; reason: string | null }>(sql`select state, reason from assets_assets where project_id = ${projectId} and url = ${url}`);
    return row;
  }
  const settled = (url: string) => eventually(`asset ${url}`, async () => ((await stateOf(url))?.state ?? 'pending') !== 'pending' ? stateOf(url) : undefined);

  beforeAll(async () => {
    cdn = await startAssetSite({
      '/css/site.css': { type: 'text/css', body: `@font-face{font-family:Shop;src:url(../fonts/shop.woff2) format("woff2")}\nbody{background:url("/img/bg.png") repeat}\n.icon{mask:url(#local)}` },
      '/fonts/shop.woff2': { type: 'font/woff2', body: FONT },
      '/img/bg.png': { type: 'image/png', body: PNG },
      '/img/huge.png': { type: 'image/png', body: Buffer.alloc(MAX_ASSET_BYTES + 1, 1) },
      '/media/clip.mp4': { type: 'video/mp4', body: VIDEO },
      '/page.html': { type: 'text/html', body: '<script>alert(1)</script>' },
    });
    privateSite = await startAssetSite({ '/secret.png': { type: 'image/png', body: PNG } });
    t = await createTestKernel({
      plugins: [ingestStandIn({ processors }), assetsPlugin],
      // Only the CDN stand-in is allowlisted: the other local server is a private address like any other.
      env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${cdn.port}` },
      config: { plugins: [{ id: 'assets', settings: { maxAssetBytes: MAX_ASSET_BYTES } }] },
    });
    const tenant = await t.createTenant();
    projectId = tenant.projectId;
    owner = tenant.owner;
    tenantId = tenant.tenantId;
    expect(processors.map((p) => p.id)).toEqual(['assets.recordedUrls']);
    otherTenantOwner = (await t.createTenant('Other org')).owner;
    await record(
      pageReferencing(page, {
        stylesheets: [`${cdn.origin}/css/site.css`],
        images: [`${cdn.origin}/img/huge.png`, `${privateSite.origin}/secret.png`, `${cdn.origin}/page.html`],
        videos: [`${cdn.origin}/media/clip.mp4`],
      }),
    );
  });
  afterAll(async () => {
    await t?.close();
    await cdn?.close();
    await privateSite?.close();
  });

  it("copies a page's stylesheet in the background, and the sheet's font and background image with it", async () => {
    expect(await settled(`${cdn.origin}/css/site.css`)).toMatchObject({ state: 'stored' });
    expect(await settled(`${cdn.origin}/fonts/shop.woff2`)).toMatchObject({ state: 'stored' });
    expect(await settled(`${cdn.origin}/img/bg.png`)).toMatchObject({ state: 'stored' });
  });

  it('serves the stylesheet with its references rewritten to the proxy, under a CSP of its own', async () => {
    const res = await asset(`${cdn.origin}/css/site.css`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe(ASSET_CONTENT_SECURITY_POLICY);
    expect(res.headers['cache-control']).toBe('private, max-age=86400');
    expect(res.body).toContain(`url(${JSON.stringify(assetProxyPath(projectId, `${cdn.origin}/fonts/shop.woff2`))})`);
    expect(res.body).toContain(`url(${JSON.stringify(assetProxyPath(projectId, `${cdn.origin}/img/bg.png`))})`);
    expect(res.body).toContain('url(#local)');
    expect(res.body).not.toContain(`url(../fonts`);
  });

  it('serves the font and the image byte for byte, from the copy (the host is not asked again)', async () => {
    await settled(`${cdn.origin}/img/bg.png`);
    const before = cdn.hits.length;
    const font = await asset(`${cdn.origin}/fonts/shop.woff2`);
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.rawPayload.equals(FONT)).toBe(true);
    const image = await asset(`${cdn.origin}/img/bg.png`);
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect(cdn.hits.length).toBe(before);
  });

  it('answers a Range request with 206 and the slice (video seeking), 416 past the end', async () => {
    const url = `${cdn.origin}/media/clip.mp4`;
    const whole = await asset(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await asset(url, owner.token, { range: 'bytes=1000-1099' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1099/${VIDEO.length}`);
    expect(part.rawPayload.equals(VIDEO.subarray(1000, 1100))).toBe(true);
    const tail = await asset(url, owner.token, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(VIDEO.subarray(VIDEO.length - 10))).toBe(true);
    const beyond = await asset(url, owner.token, { range: `bytes=${VIDEO.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${VIDEO.length}`);
  });

  it('refuses an asset over the size limit, and remembers it', async () => {
    const url = `${cdn.origin}/img/huge.png`;
    expect(await settled(url)).toEqual({ state: 'failed', reason: `The asset is larger than the limit of ${MAX_ASSET_BYTES} bytes` });
    const hitsBefore = cdn.hits.filter((p) => p === '/img/huge.png').length;
    const res = await asset(url);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0]).toContain('larger than the limit');
    expect(cdn.hits.filter((p) => p === '/img/huge.png').length).toBe(hitsBefore);
  });

  it('refuses a private address that is not allowlisted, without ever reaching it', async () => {
    const url = `${privateSite.origin}/secret.png`;
    expect(await settled(url)).toMatchObject({ state: 'failed' });
    const res = await asset(url);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0]).toContain('private or local address');
    expect(privateSite.hits).toEqual([]);
  });

  it('refuses what is not an asset (an HTML page) rather than serve it under our origin', async () => {
    const url = `${cdn.origin}/page.html`;
    expect(await settled(url)).toMatchObject({ state: 'failed' });
    const res = await asset(url);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0]).toContain('text/html');
  });

  it('answers 404 for a URL no recording of the project referenced, without fetching it', async () => {
    const before = cdn.hits.length;
    const res = await asset(`${cdn.origin}/img/never-recorded.png`);
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0]).toBe('This asset is not referenced by any recording of this project');
    expect(cdn.hits.length).toBe(before);
  });

  it('fetches on request an asset recorded but not copied yet', async () => {
    const url = `${cdn.origin}/img/bg.png?v=2`;
    // Registered straight in the table, as a URL whose background run has not come yet.
    await t.kernel.resolve(coreServices.database).sql(sql`insert into assets_assets (project_id, url, url_hash) values (${projectId}, ${url}, encode(sha256(convert_to(${url}, 'UTF8')), 'hex'))`);
    const res = await asset(url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(await stateOf(url)).toMatchObject({ state: 'stored' });
  });

  it('refuses bad input with a 400 and a message', async () => {
    for (const bad of ['not a url', 'javascript:alert(1)', 'file:///etc/passwd', '/relative.png']) {
      const res = await t.kernel.app.inject({ method: 'GET', url: `/api/${projectId}/assets?url=${encodeURIComponent(bad)}`, headers: { authorization: `Bearer ${owner.token}` } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toBe('url must be an absolute http or https URL');
    }
    const long = await asset(`https://x.test/${'a'.repeat(5000)}`);
    expect(long.statusCode).toBe(400);
    const missing = await t.kernel.app.inject({ method: 'GET', url: `/api/${projectId}/assets`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(missing.statusCode).toBe(400);
  });

  it("does not show one project's assets to a member of another organization", async () => {
    await settled(`${cdn.origin}/img/bg.png`);
    const res = await asset(`${cdn.origin}/img/bg.png`, otherTenantOwner.token);
    expect(res.statusCode).toBe(404);
    expect(res.rawPayload.equals(PNG)).toBe(false);
  });

  describe('asset tokens, for the replay iframe whose requests carry no login header', () => {
    /** The asset by its proxy URL with a token, and no Authorization header (as the replay's `<img>` asks). */
    const withToken = (url: string, token: string, project = projectId) => t.kernel.app.inject({ method: 'GET', url: assetProxyPath(project, url, token) });
    const tokenOf = async (user: TestUser, project = projectId) => {
      const res = await t.request('GET', `/api/${project}/assets/token`, { token: user.token });
      expect(res.status).toBe(200);
      return res.body.data as { token: string; expiresAt: number };
    };

    it('issues a token for the project, valid for hours, and serves the copy with it and no header', async () => {
      await settled(`${cdn.origin}/img/bg.png`);
      const before = Date.now();
      const { token, expiresAt } = await tokenOf(owner);
      expect(expiresAt).toBeGreaterThanOrEqual(before + ASSET_TOKEN_TTL_MS);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + ASSET_TOKEN_TTL_MS);
      const res = await withToken(`${cdn.origin}/img/bg.png`, token);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PNG)).toBe(true);
      const anonymous = await t.kernel.app.inject({ method: 'GET', url: assetProxyPath(projectId, `${cdn.origin}/img/bg.png`) });
      expect(anonymous.statusCode).toBe(401);
    });

    it("puts the token into the references of a stylesheet loaded with it, so the sheet's fonts and images load too", async () => {
      await settled(`${cdn.origin}/fonts/shop.woff2`);
      const { token } = await tokenOf(owner);
      const sheet = await withToken(`${cdn.origin}/css/site.css`, token);
      expect(sheet.statusCode).toBe(200);
      const fontPath = assetProxyPath(projectId, `${cdn.origin}/fonts/shop.woff2`, token);
      expect(sheet.body).toContain(`url(${JSON.stringify(fontPath)})`);
      const font = await t.kernel.app.inject({ method: 'GET', url: fontPath });
      expect(font.statusCode).toBe(200);
      expect(font.rawPayload.equals(FONT)).toBe(true);
    });

    it('refuses a tampered, foreign or expired token with 401 and a message, never the copy', async () => {
      const url = `${cdn.origin}/img/bg.png`;
      await settled(url);
      const { token } = await tokenOf(owner);
      const flipped = token.slice(0, -4) + (token.slice(-4, -3) === 'A' ? 'B' : 'A') + token.slice(-3);
      const secrets = t.kernel.resolve(coreServices.secrets);
      const caller = { userId: owner.id, tenantId, tokenId: 'x' } as never;
      const cases: Array<[string, string]> = [
        [flipped, 'The asset link is not valid: open the session again.'],
        ['not-a-token', 'The asset link is not valid: open the session again.'],
        // Another sealed value of the server (not an asset token) does not pass as one.
        [secrets.encrypt(JSON.stringify({ p: 'ingest.session', sid: 's', pid: projectId, exp: Date.now() + 60_000, off: 0 })), 'The asset link is not valid: open the session again.'],
        [issueAssetToken(secrets, caller, projectId, Date.now() - ASSET_TOKEN_TTL_MS - 1).token, 'The asset link has expired: open the session again.'],
      ];
      for (const [bad, message] of cases) {
        const res = await withToken(url, bad);
        expect(res.statusCode, bad.slice(0, 20)).toBe(401);
        expect(res.json().errors[0]).toBe(message);
      }
    });

    it("refuses a token on another project's assets, of the same organization (403) or another (404)", async () => {
      const url = `${cdn.origin}/img/bg.png`;
      await settled(url);
      const created = await t.request('POST', '/api/projects', { token: owner.token, body: { name: 'Second project', host: 'second.example.test' } });
      expect(created.status).toBe(200);
      const secondProject = created.body.data.id as number;
      const { token: secondToken } = await tokenOf(owner, secondProject);
      const res = await withToken(url, secondToken);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors[0]).toBe('This link was made for another project: open the session again.');
      const { token: foreignToken } = await tokenOf(otherTenantOwner, (await t.request('GET', '/api/projects', { token: otherTenantOwner.token })).body.data[0].id);
      const foreign = await withToken(url, foreignToken);
      expect(foreign.statusCode).toBe(404);
    });

    it('checks the token holder as they are now: a member who lost the permission, or logged out, is refused', async () => {
      const url = `${cdn.origin}/img/bg.png`;
      await settled(url);
      const member = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
      const { token } = await tokenOf(member);
      expect((await withToken(url, token)).statusCode).toBe(200);
      await t.kernel.resolve(coreServices.database).sql(sql`update core_roles set permissions = '[]'::jsonb where id = (select role_id from core_users where id = ${member.id})`);
      const lost = await withToken(url, token);
      expect(lost.statusCode).toBe(403);
      expect(lost.json().errors[0]).toContain('Session Replay');

      const other = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
      const { token: otherToken } = await tokenOf(other);
      expect((await t.request('POST', '/api/logout', { token: other.token, body: {} })).status).toBe(200);
      const loggedOut = await withToken(url, otherToken);
      expect(loggedOut.statusCode).toBe(401);
    });

    it('does not issue a token to a member without the permission', async () => {
      const member = await t.createMember(tenantId, { permissions: [] });
      expect((await t.request('GET', `/api/${projectId}/assets/token`, { token: member.token })).status).toBe(403);
      expect((await t.request('GET', `/api/${projectId}/assets/token`)).status).toBe(401);
    });
  });

  it("deletes a deleted project's rows and copies", async () => {
    await settled(`${cdn.origin}/img/bg.png`);
    const blobs = t.kernel.resolve(coreServices.blobs);
    expect((await blobs.list(`assets/${projectId}/`)).length).toBeGreaterThan(0);
    await t.kernel.resolve(coreServices.events).publish(coreEvents.projectDeleted, { tenantId: 1, projectId });
    await eventually('the deletion', async () => ((await blobs.list(`assets/${projectId}/`)).length === 0 ? true : undefined));
    const [row] = await t.kernel.resolve(coreServices.database).sql<{ n: number }>(sql`select count(*)::int as n from assets_assets where project_id = ${projectId}`);
    expect(row!.n).toBe(0);
  });
});
