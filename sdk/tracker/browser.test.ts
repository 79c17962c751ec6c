// The script build in real Chromium against a stand-in ingest server: what a DOM emulator
// cannot show (rrweb's text masking, gzip, beacons on navigation) is checked here.
// @test-group chromium (one browser-driving file at a time: tests/setup/test-isolation.ts)
import { chromium, type Browser } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM build script, no declarations
import { buildTracker } from './build.mjs';
import type { BatchRequest, StartRequest, TrackerEvent } from './src/protocol';

interface Received {
  batch: BatchRequest;
  text: string;
  gzip: boolean;
  contentType: string;
  viaQueryToken: boolean;
}

const out = mkdtempSync(join(tmpdir(), 'cassette-tracker-browser-'));
const starts: StartRequest[] = [];
const received: Received[] = [];
const stored = new Map<string, Set<number>>();
let server: Server;
let browser: Browser;
let origin = '';
let sessions = 0;
/** Start answers for the page-load test wait until that page's DOMContentLoaded ping, and 1.5 s more (a slow server). */
let heldStart: (() => void) | null = null;
let loadedPinged = false;
let loadStartAnsweredAt = 0;
/** Whichever of the start request and the ping reaches the server last schedules the answer. */
function answerHeldStartLater() {
  const answer = heldStart;
  if (answer && loadedPinged) setTimeout(answer, 1_500);
}

// The page-load test: the tracker starts in <head>, the page throws and logs while it loads, and
// the start answer comes 1.5 s after DOMContentLoaded (its ping is a request that fails, 404):
// on a first visit the tracker snapshots the load under the strictest rules after 1 s.
const loadingPage = `<!doctype html><html><head><title>Loading page</title>
<script src="/tracker.js"></script>
<script>window.t = new CassetteTracker({ projectKey: 'pk-load' }); window.started = t.start();
document.addEventListener('DOMContentLoaded', () => { void fetch('/loaded'); });</script>
</head><body><h1>Order 1234 is loading</h1>
<script>console.warn('loading order', 1234); throw new Error('broke while loading');</script>
</body></html>`;

const page = (n: number) => `<!doctype html><html><head><title>Shop page ${n}</title>
<script src="/tracker.js"></script>
<script>window.t = new CassetteTracker({ projectKey: 'pk-browser' }); window.started = t.start();</script>
</head><body>
<h1>Welcome back, write to jane.doe@example.com</h1>
<button id="buy">Buy now</button>
<input id="name"><input id="pw" type="password">
<div data-cassette-mask><p>Card holder Zed Quill</p><input id="card">
<select id="metal" multiple><option>Gold</option><option selected>Silver</option></select></div>
<select id="sizes" multiple><option value="s">S</option><option value="m" selected>M</option><option value="l">L</option></select>
<div data-cassette-hide style="width:120px;height:40px"><p>Hidden note Xyzzy</p></div>
<a id="next" href="/page2">next</a>
<div style="height:2000px"></div>
</body></html>`;

function respondJson(res: import('node:http').ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  await buildTracker({ outDir: out, declarations: false, quiet: true });
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Authorization');
      if (req.method === 'OPTIONS') return res.end();
      const url = new URL(req.url ?? '/', origin);
      if (url.pathname === '/tracker.js') {
        res.setHeader('Content-Type', 'text/javascript');
        return res.end(readFileSync(join(out, 'tracker.js')));
      }
      if (url.pathname === '/loading') {
        res.setHeader('Content-Type', 'text/html');
        return res.end(loadingPage);
      }
      if (url.pathname === '/loaded') {
        loadedPinged = true;
        res.statusCode = 404;
        res.end();
        answerHeldStartLater();
        return;
      }
      if (url.pathname === '/' || url.pathname === '/page2') {
        res.setHeader('Content-Type', 'text/html');
        return res.end(page(url.pathname === '/' ? 1 : 2));
      }
      if (url.pathname === '/api/ingest/v1/start') {
        const start = JSON.parse(body.toString()) as StartRequest;
        starts.push(start);
        const sessionId = start.resume?.sessionId ?? `session-${++sessions}`;
        const seqs = stored.get(sessionId);
        const answer = () => respondJson(res, 200, {
          data: {
            sampled: true,
            sessionId,
            token: 'token-1',
            tokenExpiresAt: Date.now() + 3_600_000,
            serverTime: Date.now(),
            resumed: !!start.resume,
            nextSeq: seqs?.size ? Math.max(...seqs) + 1 : 0,
            config: { defaultInputMode: 'plain', maskEmails: true, maskNumbers: false, captureNetworkPayloads: false, maxBatchBytes: 1_000_000, flushIntervalMs: 1_000 },
          },
        });
        if (start.projectKey !== 'pk-load') return answer();
        heldStart = () => {
          heldStart = null;
          loadStartAnsweredAt = Date.now();
          answer();
        };
        answerHeldStartLater();
        return;
      }
      if (url.pathname === '/api/ingest/v1/batch') {
        const gzip = body[0] === 0x1f && body[1] === 0x8b;
        const text = gzip ? gunzipSync(body).toString('utf8') : body.toString('utf8');
        const batch = JSON.parse(text) as BatchRequest;
        received.push({ batch, text, gzip, contentType: String(req.headers['content-type']), viaQueryToken: url.searchParams.get('token') === 'token-1' });
        const seqs = stored.get(batch.sessionId) ?? new Set<number>();
        const duplicate = seqs.has(batch.seq);
        seqs.add(batch.seq);
        stored.set(batch.sessionId, seqs);
        return respondJson(res, 200, { data: { seq: batch.seq, duplicate } });
      }
      if (url.pathname === '/api/orders') return respondJson(res, 500, { errors: ['down'] });
      res.statusCode = 404;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  rmSync(out, { recursive: true, force: true });
});

describe('tracker.js in Chromium', () => {
  it('records two page visits as one session, masked in the browser', async () => {
    const tab = await browser.newPage();
    const pageErrors: string[] = [];
    tab.on('pageerror', (e) => pageErrors.push(e.message));
    await tab.goto(origin + '/');
    expect(await tab.evaluate(() => (window as unknown as { started: Promise<unknown> }).started)).toEqual({
      ok: true,
      sessionId: 'session-1',
      resumed: false,
    });
    await tab.click('#buy');
    await tab.fill('#name', 'Grace');
    await tab.fill('#pw', 'hunter2-PASSWORD');
    await tab.fill('#card', '4111-CARD');
    await tab.click('h1');
    await tab.selectOption('#sizes', ['s', 'l']);
    await tab.selectOption('#metal', ['Gold', 'Silver']);
    await tab.evaluate(() => {
      console.error('checkout failed', { code: 7 });
      void fetch('/api/orders');
      setTimeout(() => {
        throw new Error('uncaught in page');
      }, 0);
    });
    await tab.waitForTimeout(1_300);
    await tab.click('#next');
    await tab.waitForURL(origin + '/page2');
    expect(await tab.evaluate(() => (window as unknown as { started: Promise<unknown> }).started)).toEqual({
      ok: true,
      sessionId: 'session-1',
      resumed: true,
    });
    await tab.click('#buy');
    // Scrolled twice within the recorder's scroll sampling window (150 ms), then stopped before it ends.
    await tab.evaluate(async () => {
      const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      window.scrollTo(0, 100);
      await nextFrame();
      window.scrollTo(0, 300);
      await nextFrame();
      await (window as unknown as { t: { stop(): Promise<void> } }).t.stop();
    });
    await tab.close();

    // One session, two page loads, one sequence.
    expect(starts).toHaveLength(2);
    expect(starts[0]).toMatchObject({ projectKey: 'pk-browser', title: 'Shop page 1' });
    expect(starts[1]!.resume).toEqual({ sessionId: 'session-1', token: 'token-1' });
    expect([...stored.get('session-1')!].sort((a, b) => a - b)).toEqual([...Array(stored.get('session-1')!.size).keys()]);
    expect(received.some((r) => r.batch.pageNo === 1)).toBe(true);
    expect(received.at(-1)!.batch.final).toBe(true);
    // Batches are gzip-compressed (beacons on page hide go as text/plain with the token in the query).
    expect(received.filter((r) => !r.viaQueryToken).every((r) => r.gzip && r.contentType === 'application/octet-stream')).toBe(true);

    const events = received.flatMap((r) => r.batch.events) as TrackerEvent[];
    const of = <T extends TrackerEvent['type']>(type: T) => events.filter((e) => e.type === type) as Array<Extract<TrackerEvent, { type: T }>>;
    expect(of('page').map((e) => e.title)).toEqual(['Shop page 1', 'Shop page 2']);
    expect(of('click')[0]).toMatchObject({ selector: '#buy', label: 'Buy now' });
    expect(of('input').map((e) => [e.selector, e.value, e.mode])).toEqual([
      ['#name', 'Grace', 'plain'],
      ['#pw', '', 'hidden'],
      ['#card', '*********', 'obscured'],
      ['#sizes', 's', 'plain'],
      ['#metal', '****', 'obscured'],
    ]);
    expect(of('console')[0]).toMatchObject({ level: 'error', value: 'checkout failed {"code":7}' });
    expect(of('request')[0]).toMatchObject({ kind: 'fetch', method: 'GET', status: 500, url: origin + '/api/orders' });
    expect(of('error')[0]).toMatchObject({ source: 'js_exception', message: 'uncaught in page' });
    expect(of('error')[0]!.stack).toContain('uncaught in page');
    expect(of('page_timing')[0]!.timings.ttfb).toBeGreaterThanOrEqual(0);
    expect(pageErrors).toEqual(['uncaught in page']);

    // Privacy: nothing typed into the password or masked field, no masked or hidden text, no email.
    const everything = received.map((r) => r.text).join('\n') + JSON.stringify(starts);
    for (const secret of ['hunter2', '4111-CARD', 'Zed Quill', 'Xyzzy', 'jane.doe@example.com', 'Gold', 'Silver']) {
      expect(everything, secret).not.toContain(secret);
    }
    // ...while the page itself is recorded: plain text as is, masked text as stars of the same shape,
    // the hidden element as an empty box of its size.
    const recording = received.map((r) => JSON.stringify(r.batch.recording)).join('\n');
    expect(recording).toContain('Buy now');
    expect(recording).toContain('**** ****** *** *****');
    expect(recording).toContain('"rr_width":"120px"');
    // Which options of a multi-select are selected is recorded (in the snapshot, and as input events
    // of its options after a choice), but not in a masked one: its selection is as secret as its value.
    const rrwebEvents = received.flatMap((r) => r.batch.recording as { type: number; data: { source?: number; text?: string; isChecked?: boolean } }[]);
    const selectedInSnapshots = new Set<unknown>();
    const collectSelected = (node: { attributes?: Record<string, unknown>; childNodes?: unknown[] }) => {
      if (node.attributes?.selected === true) selectedInSnapshots.add(node.attributes.value);
      for (const child of node.childNodes ?? []) collectSelected(child as typeof node);
    };
    for (const event of rrwebEvents.filter((e) => e.type === 2)) collectSelected((event.data as { node: never }).node);
    expect([...selectedInSnapshots], 'the options selected when the page loaded').toEqual(['m']);
    const checkedOptions = rrwebEvents.filter((e) => e.type === 3 && e.data.source === 5 && e.data.isChecked).map((e) => e.data.text);
    expect(checkedOptions, 'the options chosen in the unmasked multi-select').toEqual(['s', 'l']);
    // The window's last scroll position is recorded when the recording stops before the end of its sampling window.
    expect(rrwebEvents.filter((e) => e.type === 3 && e.data.source === 3).map((e) => (e.data as { y?: number }).y)).toEqual([100, 300]);
  }, 30_000);
  // The original tab has 100 ms to answer for its session (tab-claim.ts): no other file drives a
  // browser meanwhile (the chromium test group), so its answer is not starved.
  it('a tab opened with a copy of a recording tab\'s sessionStorage records its own session', { timeout: 30_000 }, async () => {
    const context = await browser.newContext();
    const original = await context.newPage();
    await original.goto(origin + '/');
    const first = (await original.evaluate(() => (window as unknown as { started: Promise<{ sessionId: string }> }).started)).sessionId;
    await original.click('#buy');
    await original.waitForTimeout(1_300);

    // What "Duplicate tab" does: a new tab of the same profile starts with the original's sessionStorage.
    const copied = await original.evaluate(() => Object.entries(sessionStorage));
    expect(copied.length).toBeGreaterThan(0);
    const duplicate = await context.newPage();
    await duplicate.addInitScript((entries) => {
      if (!sessionStorage.length) for (const [k, v] of entries) sessionStorage.setItem(k, v);
    }, copied);
    const startsBefore = starts.length;
    await duplicate.goto(origin + '/');
    const second = await duplicate.evaluate(() => (window as unknown as { started: Promise<unknown> }).started);
    expect(second).toMatchObject({ ok: true, resumed: false });
    expect((second as { sessionId: string }).sessionId).not.toBe(first);
    expect(starts[startsBefore]!.resume).toBeUndefined();

    // Both keep recording, each under its own session with its own sequence.
    await duplicate.click('#buy');
    await original.click('#buy');
    const stop = () => (window as unknown as { t: { stop(): Promise<void> } }).t.stop();
    await duplicate.evaluate(stop);
    await original.evaluate(stop);
    for (const id of [first, (second as { sessionId: string }).sessionId]) {
      const seqs = [...stored.get(id)!].sort((a, b) => a - b);
      expect(seqs, id).toEqual(seqs.map((_, i) => i));
      expect(received.filter((r) => r.batch.sessionId === id).some((r) => r.batch.final), id).toBe(true);
    }
    await context.close();
  });

  it('records the page load before the start answer: the error, the console line, the failed request and the DOM, masked by the strictest rules until the answer', async () => {
    const tab = await browser.newPage();
    const pageErrors: string[] = [];
    tab.on('pageerror', (e) => pageErrors.push(e.message));
    await tab.goto(origin + '/loading');
    const result = (await tab.evaluate(() => (window as unknown as { started: Promise<unknown> }).started)) as { ok: boolean; sessionId: string };
    expect(result).toMatchObject({ ok: true });
    expect(loadStartAnsweredAt).toBeGreaterThan(0);
    await tab.evaluate(() => (window as unknown as { t: { stop(): Promise<void> } }).t.stop());
    await tab.close();
    expect(pageErrors).toEqual(['broke while loading']);

    const batches = received.filter((r) => r.batch.sessionId === result.sessionId);
    const events = batches.flatMap((r) => r.batch.events) as TrackerEvent[];
    const error = events.find((e) => e.type === 'error')!;
    const log = events.find((e) => e.type === 'console')!;
    expect(events[0]).toMatchObject({ type: 'page', url: origin + '/loading' });
    expect(error).toMatchObject({ source: 'js_exception', message: 'broke while loading' });
    expect(log).toMatchObject({ level: 'warn', value: 'loading order 1234' });
    expect(events.find((e) => e.type === 'request')).toMatchObject({ url: origin + '/loaded', status: 404 });
    // Both happened while the session did not exist yet.
    expect(error.ts).toBeLessThan(loadStartAnsweredAt);
    expect(log.ts).toBeLessThan(loadStartAnsweredAt);

    // The recording starts with the snapshot of the loaded page, taken before the answer under the
    // strictest rules (digits masked); the granted rules mask no digits, and a fresh snapshot follows.
    expect(loadedPinged).toBe(true);
    const recording = batches.flatMap((r) => r.batch.recording);
    expect(recording.slice(0, 2).map((e) => e.type)).toEqual([4, 2]);
    expect(recording[1]!.timestamp).toBeLessThan(loadStartAnsweredAt);
    expect(JSON.stringify(recording[1])).toContain('Order **** is loading');
    expect(JSON.stringify(recording[1])).not.toContain('1234');
    const later = recording.slice(2).find((e) => e.type === 2);
    expect(JSON.stringify(later)).toContain('Order 1234 is loading');
  }, 30_000);
});
