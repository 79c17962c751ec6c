import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel, type TestUser } from '@cassette/core/testing';
import ingestPlugin from '@cassette/plugin-ingest/server';
import { assetProxyPath } from '@cassette/recording-safety';
import assetsPlugin from '../../plugins/assets/server.js';
import { pageReferencing, startAssetSite, type AssetSite } from '../../plugins/assets/testing/asset-sites.js';

/**
 * Assets end to end on the server: the tracker's endpoints store a batch whose page links a
 * stylesheet on another (local, allowlisted) host; ingest's job hands it to the assets plugin's
 * processor; the copies of the sheet and of the font it names are served from the proxy, and
 * each was fetched from the host once.
 */
const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe('ingest → assets', () => {
  let t: TestKernel;
  let site: AssetSite;
  let owner: TestUser;
  let projectId: number;
  let projectKey: string;

  beforeAll(async () => {
    site = await startAssetSite({
      '/theme.css': { type: 'text/css; charset=utf-8', body: '@font-face{font-family:T;src:url(fonts/t.woff2)}' },
      '/fonts/t.woff2': { type: 'font/woff2', body: 'font-bytes' },
    });
    t = await createTestKernel({
      plugins: [ingestPlugin, assetsPlugin],
      env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${site.port}` },
      config: { plugins: [{ id: 'ingest', settings: { sweepEverySeconds: 3600 } }] },
    });
    ({ owner, projectId } = await t.createTenant());
    projectKey = (await t.request('GET', `/api/projects/${projectId}`, { token: owner.token })).body.data.projectKey;
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it("serves a recorded page's stylesheet and its font from the proxy, fetched once", async () => {
    const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.kernel.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { 'user-agent': CHROME_UA, authorization: `Bearer ${owner.token}` } });
    const started = (await inject('POST', '/api/ingest/v1/start', { projectKey, trackerVersion: '1.0.0', protocolVersion: 1, timestamp: Date.now(), url: 'https://shop.example.test/', referrer: '', title: 'Shop', screen: { width: 1920, height: 1080 }, viewport: { width: 1280, height: 720 } })).json().data;
    const recording = pageReferencing('https://shop.example.test/', { stylesheets: [`${site.origin}/theme.css`] });
    const stored = await t.kernel.app.inject({
      method: 'POST',
      url: `/api/ingest/v1/batch?token=${encodeURIComponent(started.token)}`,
      payload: { sessionId: started.sessionId, seq: 0, sentAt: Date.now(), pageNo: 0, recording, events: [], final: true },
    });
    expect(stored.statusCode).toBe(200);
    const font = `${site.origin}/fonts/t.woff2`;
    let fontRes;
    for (let i = 0; i < 200; i++) {
      fontRes = await inject('GET', assetProxyPath(projectId, font));
      // The font is registered once the sheet is copied: until then it is not referenced (404).
      if (fontRes.statusCode === 200) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(fontRes!.statusCode).toBe(200);
    expect(fontRes!.body).toBe('font-bytes');
    const sheet = await inject('GET', assetProxyPath(projectId, `${site.origin}/theme.css`));
    expect(sheet.body).toBe(`@font-face{font-family:T;src:url(${JSON.stringify(assetProxyPath(projectId, font))})}`);
    expect(site.hits.sort()).toEqual(['/fonts/t.woff2', '/theme.css']);
  });
});
