import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecodedBatch, RecordingEvent, TrackerEvent } from '@cassette/plugin-ingest/api';
import { sessionsServices } from '../../api.js';
import { createSessionsTestKernel, decodedBatch, ingestSession, type SessionsTestKernel } from '../../testing/ingest-stand-in.js';
import { heatmapPage } from './heatmap.js';

const START = Date.UTC(2026, 10, 16);
const HOUR = 3_600_000;
const READER = { reader: { admin: false, permissions: new Set<never>() } };
const SHOP = 'https://shop.example.test';

const page = (ts: number, path: string): TrackerEvent => ({ type: 'page', ts, url: `${SHOP}${path}?ref=mail`, referrer: '', title: path });
const click = (ts: number, selector: string, at: { x: number; y: number; rx?: number; ry?: number }): TrackerEvent => ({ type: 'click', ts, selector, label: selector, tag: 'button', ...at });
const scroll = (ts: number, depth: number, height: number): TrackerEvent => ({ type: 'scroll', ts, depth, height });
const FULL_SNAPSHOT = { type: 2, timestamp: 0, data: { node: { type: 0, childNodes: [], id: 1 }, initialOffset: { top: 0, left: 0 } } } as unknown as RecordingEvent;

describe('analytics service: heatmap of a page', () => {
  let t: SessionsTestKernel;
  let projectId: number;
  async function record(sessionId: string, at: number, events: TrackerEvent[], recorded = false) {
    const s = ingestSession(projectId, tenant.tenantId, { sessionId, startedAt: at });
    const batch: DecodedBatch = decodedBatch(s, 0, events, { receivedAt: at + 60_000, ...(recorded ? { recording: [{ ...FULL_SNAPSHOT, timestamp: at } as RecordingEvent] } : {}) });
    await t.started(s);
    // Every processor sees the batch: events, issues (rage and dead clicks) and the recording's index.
    for (const p of t.state.processors) await p.batch?.(s, batch, t.ctx);
    await t.ended(s, { endedAt: at + 50_000, batches: 1, reason: 'final' });
  }
  let tenant: { tenantId: number; projectId: number };

  beforeAll(async () => {
    t = await createSessionsTestKernel();
    tenant = await t.createTenant();
    projectId = tenant.projectId;
    const a = START + HOUR;
    // Visit 1 of /checkout: two clicks on #pay at the same spot, a burst of three on #promo (rage,
    // and no page change answers it: dead too), scrolled to 45 %; then /home, whose click does not count.
    await record('hm-1', a, [
      page(a, '/checkout'),
      click(a + 1000, '#pay', { x: 100, y: 200, rx: 50, ry: 50 }),
      click(a + 5000, '#pay', { x: 102, y: 201, rx: 50, ry: 50 }),
      click(a + 8000, '#promo', { x: 10, y: 900, rx: 10, ry: 90 }),
      click(a + 8100, '#promo', { x: 10, y: 900, rx: 10, ry: 90 }),
      click(a + 8200, '#promo', { x: 10, y: 900, rx: 10, ry: 90 }),
      scroll(a + 9000, 1350, 3000),
      page(a + 20_000, '/home'),
      click(a + 21_000, '#home-link', { x: 5, y: 5, rx: 1, ry: 1 }),
      scroll(a + 22_000, 3000, 3000),
    ]);
    // Visit 2 (recorded, so the heatmap can be drawn on it): an old tracker's click (no spot in its
    // element) and a scroll to the bottom.
    const b = START + 2 * HOUR;
    await record('hm-2', b, [page(b, '/checkout'), click(b + 1000, 'main > a', { x: 300, y: 40 }), scroll(b + 2000, 2000, 2000), page(b + 3000, '/checkout'), click(b + 4000, '#pay', { x: 99, y: 198, rx: 50, ry: 50 })], true);
    // Another host's /checkout, and a visit after the range.
    await record('hm-3', b, [{ ...page(b, '/checkout'), url: 'https://other.example.test/checkout' } as TrackerEvent, click(b + 1000, '#pay', { x: 1, y: 1, rx: 1, ry: 1 })]);
    await record('hm-4', START + 30 * HOUR, [page(START + 30 * HOUR, '/checkout'), click(START + 30 * HOUR + 1000, '#pay', { x: 1, y: 1, rx: 1, ry: 1 })]);
  });
  afterAll(async () => t?.close());

  const range = { startDate: START, endDate: START + 24 * HOUR - 1 };

  it("counts the page's visits, groups their clicks by element and spot, marks rage and dead clicks, and tells how far visitors scrolled", async () => {
    const analytics = t.kernel.resolve(sessionsServices.analytics);
    const answer = await analytics.heatmap({ projectId, url: `${SHOP}/checkout#top`, range }, READER);
    expect(answer).toEqual({
      host: 'shop.example.test',
      path: '/checkout',
      pageViews: 3,
      totalClicks: 7,
      clicks: [
        { selector: '#pay', rx: 50, ry: 50, x: 100, y: 200, count: 3 },
        { selector: '#promo', rx: 10, ry: 90, x: 10, y: 900, count: 3 },
        { selector: 'main > a', rx: null, ry: null, x: 300, y: 40, count: 1 },
      ],
      otherClicks: 0,
      // No recording answers any click here (no DOM change follows): every click is dead, a burst once.
      frustrations: [
        { type: 'dead_click', selector: '#pay', count: 3, x: 100, y: 200 },
        { type: 'click_rage', selector: '#promo', count: 1, x: 10, y: 900 },
        { type: 'dead_click', selector: '#promo', count: 1, x: 10, y: 900 },
        { type: 'dead_click', selector: 'main > a', count: 1, x: 300, y: 40 },
      ],
      // Visit 1 saw 45 %, visit 2's first view 100 %; its second view sent no depth.
      scroll: { views: 2, reached: [2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1] },
      snapshot: { sessionId: 'hm-2', timestamp: START + 2 * HOUR + 3000 },
    });
  });

  it('reads a path on any host, and answers an empty page with zeros', async () => {
    const analytics = t.kernel.resolve(sessionsServices.analytics);
    const anyHost = await analytics.heatmap({ projectId, url: '/checkout', range }, READER);
    expect([anyHost.host, anyHost.pageViews, anyHost.totalClicks]).toEqual([null, 4, 8]);
    expect(await analytics.heatmap({ projectId, url: `${SHOP}/nowhere`, range }, READER)).toEqual({
      host: 'shop.example.test',
      path: '/nowhere',
      pageViews: 0,
      totalClicks: 0,
      clicks: [],
      otherClicks: 0,
      frustrations: [],
      scroll: { views: 0, reached: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
      snapshot: null,
    });
  });

  it('refuses what is not a page address, and a range backwards, with a 400', async () => {
    const analytics = t.kernel.resolve(sessionsServices.analytics);
    for (const url of ['', 'not a url', 'javascript:alert(1)', 'x'.repeat(2001)]) {
      await expect(analytics.heatmap({ projectId, url, range }, READER)).rejects.toMatchObject({ statusCode: 400 });
    }
    await expect(analytics.heatmap({ projectId, url: '/checkout', range: { startDate: 10, endDate: 5 } }, READER)).rejects.toMatchObject({ statusCode: 400 });
    expect(heatmapPage('/a/b?x=1#y')).toEqual({ host: null, path: '/a/b' });
  });
});
