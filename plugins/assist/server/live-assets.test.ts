import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@cassette/plugin-ingest/testing';
import { startAssetSite, type AssetSite } from '@cassette/plugin-assets/testing';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import { assetProxyPath } from '@cassette/recording-safety';
import type { BatchRequest } from '@cassette/tracker/protocol';
import { createAssistTestKernel, openAgentSocket, openVisitorSocket, type AssistTestKernel, type SocketClient } from '../testing/assist-test-kernel.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(64, 3)]);
const RECORDED_PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(64, 9)]);
const FONT = Buffer.from('wOF2-live-font');
const PAGE = 'https://shop.example.test/cart/';

const meta = (ts: number) => ({ type: 4, timestamp: ts, data: { href: PAGE, width: 1280, height: 720 } });
const emptySnapshot = (ts: number) => ({ type: 2, timestamp: ts, data: { node: { type: 0, childNodes: [], id: 1 }, initialOffset: { top: 0, left: 0 } } });
/** An rrweb mutation adding one element to the body. */
const added = (ts: number, id: number, tagName: string, attributes: Record<string, string>) => ({
  type: 3,
  timestamp: ts,
  data: { source: 0, texts: [], attributes: [], removes: [], adds: [{ parentId: 1, nextId: null, node: { type: 2, tagName, attributes, childNodes: [], id } }] },
});

describe('assist: the live view’s assets', () => {
  let t: AssistTestKernel;
  let cdn: AssetSite;
  let projectId: number;
  let tenantId: number;
  let owner: TestUser;
  /** An agent holding ASSIST_LIVE and nothing else (no SESSION_REPLAY). */
  let liveOnly: TestUser;
  const sockets: SocketClient[] = [];
  const track = (s: SocketClient) => (sockets.push(s), s);
  const get = (url: string, token?: string) => t.kernel.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const isLive = async (sessionId: string) => (await t.request('GET', `/api/${projectId}/assist/sessions/${sessionId}`, { token: owner.token })).status === 200;
  const liveToken = async (sessionId: string, token: string) => (await t.request('GET', `/api/${projectId}/assist/sessions/${sessionId}/assets/token`, { token })).body.data.token as string;

  /** A visit whose tab is open and an agent watching it (as `agent`), the visitor's socket streaming. */
  async function watchedVisit(agent: TestUser) {
    const visit = await t.startVisit(projectId, owner.token);
    await t.sendBatch(visit, 0, [meta(Date.now()), emptySnapshot(Date.now())]);
    await eventually('the live session', async () => ((await isLive(visit.sessionId)) ? true : undefined));
    const watcher = track(await openAgentSocket(t, projectId, visit.sessionId, agent.token));
    await watcher.next((m) => m.type === 'hello', 'hello');
    const visitor = track(await openVisitorSocket(t, visit.token));
    await watcher.next((m) => m.type === 'visitor' && m.state === 'connected', 'visitor connected');
    return { visit, watcher, visitor };
  }

  beforeAll(async () => {
    cdn = await startAssetSite({
      '/img/new.png': { type: 'image/png', body: PNG },
      '/img/recorded.png': { type: 'image/png', body: RECORDED_PNG },
      '/css/live.css': { type: 'text/css', body: '@font-face{font-family:Live;src:url(../fonts/live.woff2)}' },
      '/fonts/live.woff2': { type: 'font/woff2', body: FONT },
    });
    // The CDN stand-in is a local server: allowlisted as an operator would allow an intranet host.
    t = await createAssistTestKernel({ env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${cdn.port}` } });
    const tenant = await t.createTenant();
    ({ projectId, owner, tenantId } = tenant);
    liveOnly = await t.createMember(tenant.tenantId, { permissions: ['ASSIST_LIVE'] });
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await t?.close();
    await cdn?.close();
  });

  it('serves an image first seen in the relayed stream at once, before any stored batch names it, to an agent holding ASSIST_LIVE only', async () => {
    const { visit, watcher, visitor } = await watchedVisit(liveOnly);
    const image = `${cdn.origin}/img/new.png`;
    // Relative to the visitor's page: resolved against the meta event the stream sent before.
    visitor.send({ type: 'events', events: [meta(Date.now())] });
    visitor.send({ type: 'events', events: [added(Date.now(), 20, 'img', { src: image }), added(Date.now(), 21, 'link', { rel: 'stylesheet', href: `${cdn.origin}/css/live.css` })] });
    await watcher.next((m) => m.type === 'events' && JSON.stringify(m.events).includes('new.png'), 'the new image');

    // The live view's iframe sends no login header: the session's live asset token stands for it.
    const token = await liveToken(visit.sessionId, liveOnly.token);
    const res = await get(assetProxyPath(projectId, image, token, visit.sessionId));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['x-content-type-options']).toBe('nosniff');

    // A stylesheet the stream showed is served with its font pointed at the same route and token, and the font is served too.
    const sheet = await get(assetProxyPath(projectId, `${cdn.origin}/css/live.css`, token, visit.sessionId));
    expect(sheet.statusCode).toBe(200);
    const fontPath = assetProxyPath(projectId, `${cdn.origin}/fonts/live.woff2`, token, visit.sessionId);
    expect(sheet.body).toContain(fontPath);
    const font = await get(fontPath);
    expect([font.statusCode, font.rawPayload.equals(FONT)]).toEqual([200, true]);

    // Only what this session showed: another of the project's URLs is not served here.
    const other = await get(assetProxyPath(projectId, `${cdn.origin}/img/recorded.png`, token, visit.sessionId));
    expect([other.statusCode, other.json().errors]).toEqual([404, ['This asset is not referenced by what this live session showed']]);
    expect(cdn.hits).not.toContain('/img/recorded.png');
  });

  it('does not open a recorded (not live) session’s assets to an agent holding ASSIST_LIVE only', async () => {
    const live = await watchedVisit(liveOnly);
    const liveAssetToken = await liveToken(live.visit.sessionId, liveOnly.token);

    // A visit that showed an image in its stored batches, then ended: a recording now.
    const recorded = await t.startVisit(projectId, owner.token);
    const image = `${cdn.origin}/img/recorded.png`;
    const ts = Date.now();
    const batch: BatchRequest = { sessionId: recorded.sessionId, seq: 0, sentAt: ts, pageNo: 0, final: true, events: [], recording: [meta(ts), emptySnapshot(ts), added(ts + 1, 30, 'img', { src: image })] as never };
    expect((await t.request('POST', `/api/ingest/v1/batch?token=${encodeURIComponent(recorded.token)}`, { body: batch })).status).toBe(200);
    // Its owner (SESSION_REPLAY) sees the recording's copy: the image is the project's.
    const copy = await eventually('the recording’s asset', async () => {
      const res = await get(assetProxyPath(projectId, image), owner.token);
      return res.statusCode === 200 ? res : undefined;
    });
    expect(copy.rawPayload.equals(RECORDED_PNG)).toBe(true);
    expect(await isLive(recorded.sessionId)).toBe(false);

    const notLive = ['This session is not live any more: open its recording in Sessions.'];
    const tokenAnswer = await t.request('GET', `/api/${projectId}/assist/sessions/${recorded.sessionId}/assets/token`, { token: liveOnly.token });
    expect([tokenAnswer.status, tokenAnswer.body.errors]).toEqual([404, notLive]);
    const byHeader = await get(assetProxyPath(projectId, image, null, recorded.sessionId), liveOnly.token);
    expect([byHeader.statusCode, byHeader.json().errors]).toEqual([404, notLive]);
    // The live session's token opens that session's route only.
    const otherSession = await get(assetProxyPath(projectId, image, liveAssetToken, recorded.sessionId));
    expect([otherSession.statusCode, otherSession.json().errors]).toEqual([401, ['This asset link was made for another live session: open the live session again.']]);
    const throughLive = await get(assetProxyPath(projectId, image, liveAssetToken, live.visit.sessionId));
    expect(throughLive.statusCode).toBe(404);
    // The recordings' proxy needs SESSION_REPLAY, which the live token does not stand in for either.
    expect((await get(assetProxyPath(projectId, image), liveOnly.token)).statusCode).toBe(403);
    expect((await get(assetProxyPath(projectId, image, liveAssetToken))).statusCode).toBe(401);
  });

  it('refuses a forged live asset token and a member lacking ASSIST_LIVE', async () => {
    const { visit } = await watchedVisit(owner);
    const replayOnly = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
    const url = `${cdn.origin}/img/new.png`;
    const forged = await get(assetProxyPath(projectId, url, 'forged', visit.sessionId));
    expect([forged.statusCode, forged.json().errors]).toEqual([401, ['The asset link is not valid: open the live session again.']]);
    expect((await t.request('GET', `/api/${projectId}/assist/sessions/${visit.sessionId}/assets/token`, { token: replayOnly.token })).status).toBe(403);
    expect((await get(assetProxyPath(projectId, url, null, visit.sessionId), replayOnly.token)).statusCode).toBe(403);
    const notHttp = await get(assetProxyPath(projectId, 'javascript:alert(1)', null, visit.sessionId), owner.token);
    expect([notHttp.statusCode, notHttp.json().errors]).toEqual([400, ['url must be an absolute http or https URL']]);
  });
});
