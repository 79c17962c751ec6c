import { createServer, type Server } from 'node:http';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, type Frame, type Page, type Route } from '@playwright/test';
import { ensureTrackerBuilt, type CassetteServer, type Owner } from './support/cassette-server.js';
import { addValue, listed, pick } from './support/filter-bar.js';
import { logIn } from './support/log-in.js';
import { endedSession, serverForThisFile, sessionIdOn, test } from './support/own-server-test.js';

/**
 * Finding a session and replaying it, in real Chromium: a visit recorded on the demo shop is
 * found in the list and replayed with its devtools; a page that fails while it loads, before its
 * session has started, is found by its error and replayed with it; a hostile recording is
 * replayed without running, navigating or calling out.
 */

test.beforeAll(() => ensureTrackerBuilt());
// The tests record and replay sessions of their own: one server and owner serve them all.
const shared = serverForThisFile();

/** The replay iframe's frame, once the recording's first frame is in it. */
async function replayFrame(page: Page): Promise<Frame> {
  const iframe = page.getByTestId('player-replay').locator('iframe');
  await expect(iframe).toHaveCount(1, { timeout: 20_000 });
  // The frame may hold scripts of nobody: only the same origin (for the rebuild), never scripts.
  await expect(iframe).toHaveAttribute('sandbox', 'allow-same-origin');
  const frame = await (await iframe.elementHandle())!.contentFrame();
  if (!frame) throw new Error('the replay iframe has no frame');
  return frame;
}

/** The player's position in ms, as its timeline slider reports it. */
async function playerMs(page: Page): Promise<number> {
  return Number(await page.getByTestId('player-timeline-track').getAttribute('aria-valuenow'));
}

async function playToEnd(page: Page) {
  await page.getByTestId('player-play').click();
  await expect(page.getByTestId('session-player')).toHaveAttribute('data-player-state', 'ended', { timeout: 60_000 });
}

test('a demo visit with a rage click and a failing request is found, replayed and inspected', async ({ page, context }) => {
  const cassette = shared.server();
  const owner = shared.owner();
  const demo = await context.newPage();
  await demo.goto(`${cassette.url}/demo/?key=${owner.projectKey}`);
  const sessionId = await sessionIdOn(demo);

  await demo.getByRole('link', { name: 'View details' }).first().click();
  await expect(demo).toHaveURL(/\/demo\/product$/);
  await sessionIdOn(demo);
  // A rage click: five clicks on the picture, far less than 300 ms apart.
  const picture = demo.getByRole('button', { name: 'Zoom the picture' });
  const box = (await picture.boundingBox())!;
  for (let i = 0; i < 5; i++) await demo.mouse.click(box.x + box.width / 2, box.y + box.height / 2);

  await demo.getByRole('link', { name: 'Continue to checkout' }).click();
  await expect(demo).toHaveURL(/\/demo\/checkout$/);
  await sessionIdOn(demo);
  await demo.getByLabel('Full name').pressSequentially('Ada Lovelace', { delay: 15 });
  await demo.getByLabel('Create a password').pressSequentially('hunter2-secret', { delay: 15 });
  await demo.getByLabel('Card number').pressSequentially('4242424242424242', { delay: 15 });
  await demo.getByRole('button', { name: 'Log a console error' }).click();
  await demo.getByRole('button', { name: 'Place order' }).click();
  await expect(demo.locator('#demo-checkout-result')).toContainText('Order API answered 404');
  await demo.waitForTimeout(500);
  await demo.evaluate(async () => {
    await (window as unknown as { cassetteDemoTracker: { stop(): Promise<void> } }).cassetteDemoTracker.stop();
  });
  await demo.close();
  const stored = await endedSession(cassette, owner, sessionId);
  expect(stored.issueTypes, 'the rage click and the failed request are issues of the session').toEqual(expect.arrayContaining(['click_rage', 'bad_request']));

  await test.step('the session is in the list, and under the Click Rage tab', async () => {
    await logIn(page, cassette, owner);
    await page.goto(`${cassette.url}/${owner.projectId}/sessions`);
    const item = page.locator(`[data-testid="session-item"][data-session-id="${sessionId}"]`);
    await expect(item).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/Showing 1 of 1/)).toBeVisible();
    await page.getByRole('tab', { name: 'Click Rage' }).click();
    await expect(item).toBeVisible();
    await page.getByRole('tab', { name: 'High CPU' }).click();
    await expect(page.getByText('No recordings found')).toBeVisible();
    await page.getByRole('tab', { name: 'All' }).click();
    await item.getByRole('link', { name: /play/i }).click();
    await expect(page).toHaveURL(new RegExp(`/${owner.projectId}/session/${sessionId}$`));
  });

  const frame = await replayFrame(page);
  // The whole length is known before playing: the timeline spans the session up to its last
  // recorded change (the visit ends with a 500 ms pause, so allow for that much and a little more).
  await expect
    .poll(async () => Number(await page.getByTestId('player-timeline-track').getAttribute('aria-valuemax')))
    .toBeGreaterThanOrEqual(Math.max(1000, stored.duration - 1500));
  await test.step('the replay shows what the user typed, masked where it must be', async () => {
    await playToEnd(page);
    await expect(frame.locator('#demo-name')).toHaveValue('Ada Lovelace');
    const password = await frame.locator('#demo-password').inputValue();
    expect(password, 'a password is never replayed').not.toContain('hunter2');
    const card = await frame.locator('#demo-card').inputValue();
    expect(card, 'a field marked data-cassette-mask is masked').not.toContain('4242');
    await expect(frame.locator('.demo-address')).not.toContainText('Privet Drive');
    await page.screenshot({ path: test.info().outputPath('player-ended.png') });
  });

  await test.step('the rage click is on the timeline', async () => {
    const labels = await page.getByTestId('player-timeline').locator('[data-marker-type]').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-marker-type')} ${e.getAttribute('aria-label')}`));
    expect(labels.filter((l) => l.startsWith('click_rage')), labels.join('\n')).toHaveLength(1);
    expect(await page.getByTestId('player-timeline').locator('[data-marker-type="location"]').count()).toBeGreaterThanOrEqual(3);
  });

  await test.step('at 1440×900 an open panel leaves the replay most of the width, and the split moves by keyboard', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('panel-toggle-network').click();
    const split = page.getByTestId('player-split');
    await expect(split).toBeVisible();
    // The replay is scaled to the largest size its area holds, keeping the recorded aspect ratio.
    const fitted = async () =>
      page.evaluate(() => {
        const stage = document.querySelector('.cs-player__stage')!.getBoundingClientRect();
        const wrapper = document.querySelector<HTMLElement>('.cs-player__replay .replayer-wrapper')!;
        const replay = wrapper.getBoundingClientRect();
        // Its layout size (before the scale transform) is the recorded viewport.
        const recorded = { width: wrapper.offsetWidth, height: wrapper.offsetHeight };
        const largest = Math.min(stage.width, (stage.height * recorded.width) / recorded.height);
        return { stageWidth: stage.width, stageHeight: stage.height, replayWidth: replay.width, largest };
      });
    await expect.poll(async () => { const f = await fitted(); return Math.abs(f.replayWidth - f.largest); }, { message: 'the replay fills its area' }).toBeLessThanOrEqual(2);
    const open = await fitted();
    expect(open.replayWidth, JSON.stringify(open)).toBeGreaterThanOrEqual(0.6 * open.stageWidth);
    // A smaller panel, by keyboard: the replay grows to the new largest fit.
    await split.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await fitted()).stageHeight).toBeGreaterThan(open.stageHeight + 50);
    await expect.poll(async () => { const f = await fitted(); return Math.abs(f.replayWidth - f.largest); }).toBeLessThanOrEqual(2);
    expect((await fitted()).replayWidth).toBeGreaterThan(open.replayWidth);
    // Dragging the handle up makes the panel taller, the replay shorter.
    const panel = page.getByTestId('player-panel');
    const before = (await panel.boundingBox())!.height;
    const handle = (await split.boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2 - 150, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await panel.boundingBox())!.height).toBeGreaterThan(before + 140);
    await page.getByTestId('panel-toggle-network').click();
  });

  await test.step('the network panel lists the page resources under JS, CSS and Img', async () => {
    await page.getByTestId('panel-toggle-network').click();
    const network = page.getByTestId('panel-network');
    const listed = async (filter: string) => {
      await network.locator(`[data-filter="${filter}"]`).click();
      return network.getByTestId('network-row');
    };
    await expect((await listed('js')).filter({ hasText: '/demo/demo.js' }).first()).toBeVisible();
    await expect((await listed('js')).filter({ hasText: '/tracker.js' }).first()).toBeVisible();
    await expect((await listed('css')).filter({ hasText: '/demo/demo.css' }).first()).toBeVisible();
    const images = await listed('img');
    await expect(images.filter({ hasText: '/demo/logo.svg' }).first()).toBeVisible();
    await expect(images.filter({ hasText: '/demo/logo.svg' }).first()).toContainText('200');
    await network.locator('[data-filter="all"]').click();
    await page.getByTestId('panel-toggle-network').click();
  });

  await test.step('console and network panels list the recorded entries', async () => {
    await page.getByTestId('panel-toggle-console').click();
    await expect(page.getByTestId('console-row').filter({ hasText: 'payment widget failed to load' }).first()).toBeVisible();
    await page.getByTestId('panel-toggle-network').click();
    await expect(page.getByTestId('panel-console')).toHaveCount(0);
    const failed = page.getByTestId('network-row').filter({ hasText: '/demo/api/orders' });
    await expect(failed).toBeVisible();
    await expect(failed).toContainText('404');
    await expect(failed).toHaveClass(/red|error|failed/);
    await failed.click();
    await expect(page.getByTestId('panel-network')).toContainText('POST');
    // Choosing the open panel closes it.
    await page.getByTestId('panel-toggle-network').click();
    await expect(page.getByTestId('player-panel')).toHaveCount(0);
    // The performance panel's charts load when it first opens; the page-load timings are there.
    await page.getByTestId('panel-toggle-performance').click();
    await expect(page.getByTestId('panel-performance')).toContainText('/demo/checkout');
  });

  await test.step('clicking an event seeks the player there', async () => {
    // Where each event is, as the API says (ms since the start).
    const answer = await page.request.get(`${cassette.url}/api/${owner.projectId}/sessions2/${sessionId}`, { headers: { Authorization: `Bearer ${owner.jwt}` } });
    const events = ((await answer.json()) as { data: { events: { type: string; time: number }[] } }).data.events;
    const firstTime = events[0]!.time;
    const rageTime = events.find((e) => e.type === 'CLICKRAGE')!.time;
    expect(rageTime, 'the rage click came after the first event').toBeGreaterThan(firstTime);

    await page.getByTestId('panel-toggle-events').click();
    const rows = page.getByTestId('event-row');
    await rows.first().click();
    await expect.poll(() => playerMs(page), { message: 'the player went back to the first event' }).toBeLessThan(firstTime + 250);
    await page.locator('[data-testid="event-row"][data-event-type="CLICKRAGE"]').first().click();
    await expect.poll(async () => Math.abs((await playerMs(page)) - rageTime), { message: 'the player moved to the rage click' }).toBeLessThan(250);
  });
});

const LOAD_ERROR = 'Shop configuration missing while loading';

/**
 * A shop page that fails while it loads, the way sites install the tracker: the script tag and
 * start() first in <head>, then the page's own code logs, asks for its configuration (a 500) and
 * throws.
 */
function pageFailingWhileLoading(projectKey: string): string {
  return `<!doctype html><html><head><title>A shop that fails to load</title>
<script src="/tracker.js"></script>
<script>
  window.tracker = new CassetteTracker({ projectKey: ${JSON.stringify(projectKey)} });
  window.started = tracker.start();
  console.warn('loading the shop configuration');
  fetch('/load-time-shop/api/config').then((r) => console.info('configuration answered ' + r.status));
</script>
</head><body><h1 id="load-title">A shop that fails while loading</h1>
<script>throw new TypeError(${JSON.stringify(LOAD_ERROR)});</script>
</body></html>`;
}

test('a page that throws, logs and fails a request before its session has started: all of it is in the player, the Errors list and a search', async ({ page, browser }) => {
  const cassette = shared.server();
  const owner = shared.owner();
  // A first visit (a fresh browser profile): the tracker knows nothing of the project's rules yet.
  const visit = await browser.newContext();
  let sessionId = '';
  let startAnsweredAt = 0;
  try {
    const site = await visit.newPage();
    const pageUrl = `${cassette.url}/load-time-shop/`;
    await site.route(pageUrl, (route) => route.fulfill({ contentType: 'text/html', body: pageFailingWhileLoading(owner.projectKey) }));
    await site.route(`${cassette.url}/load-time-shop/api/config`, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"no configuration"}' }));
    // A slow server: the start request reaches it at once (its clock offset is measured then), and
    // its answer reaches the page only once the page has thrown, logged and seen its request fail.
    const thrown = site.waitForEvent('pageerror', (e) => e.message.includes(LOAD_ERROR));
    const logged = site.waitForEvent('console', (m) => m.text() === 'loading the shop configuration');
    const failed = site.waitForEvent('console', (m) => m.text() === 'configuration answered 500');
    await site.route(`${cassette.url}/api/ingest/v1/start`, async (route) => {
      const response = await route.fetch();
      await Promise.all([thrown, logged, failed]);
      // Stored times are on the server's clock, whose offset to the page's is measured through
      // this route (a few ms off): a second more keeps "before the answer" beyond doubt.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      startAnsweredAt = Date.now();
      await route.fulfill({ response });
    });
    await site.goto(pageUrl);
    const started = await site.evaluate(() => (window as unknown as { started: Promise<{ ok: boolean; sessionId?: string }> }).started);
    expect(started.ok, 'the session started').toBe(true);
    sessionId = started.sessionId!;
    expect(startAnsweredAt).toBeGreaterThan(0);
    await site.evaluate(() => (window as unknown as { tracker: { stop(): Promise<void> } }).tracker.stop());
  } finally {
    await visit.close();
  }
  const stored = await endedSession(cassette, owner, sessionId);
  expect(stored.errorsCount, 'the summary counts the load-time error').toBe(1);

  await test.step('the session holds what happened before its start was answered, and starts with the load', async () => {
    const answer = await page.request.get(`${cassette.url}/api/${owner.projectId}/sessions2/${sessionId}`, { headers: { Authorization: `Bearer ${owner.jwt}` } });
    const detail = ((await answer.json()) as { data: { startedAt: number; errors: { message: string; timestamp: number }[]; logs: { value: string; timestamp: number }[]; resources: { url: string; status: number; timestamp: number }[] } }).data;
    const error = detail.errors.find((e) => e.message.includes(LOAD_ERROR))!;
    const log = detail.logs.find((l) => l.value === 'loading the shop configuration')!;
    const request = detail.resources.find((r) => r.url.endsWith('/load-time-shop/api/config'))!;
    for (const [what, item] of [['error', error], ['console line', log], ['failed request', request]] as const) {
      expect(item, what).toBeTruthy();
      expect(item.timestamp, `the ${what} happened before the start was answered`).toBeLessThan(startAnsweredAt);
      expect(item.timestamp, `the session starts no later than the ${what}`).toBeGreaterThanOrEqual(detail.startedAt);
    }
    expect(request.status).toBe(500);
  });

  await test.step("the player replays the load and lists the error, the console line and the failed request", async () => {
    await logIn(page, cassette, owner);
    await page.goto(`${cassette.url}/${owner.projectId}/session/${sessionId}`);
    const frame = await replayFrame(page);
    await expect(frame.locator('#load-title')).toHaveText('A shop that fails while loading');
    await page.getByTestId('panel-toggle-errors').click();
    await expect(page.getByTestId('error-row').filter({ hasText: LOAD_ERROR })).toBeVisible();
    await page.getByTestId('panel-toggle-console').click();
    await expect(page.getByTestId('console-row').filter({ hasText: 'loading the shop configuration' })).toBeVisible();
    await page.getByTestId('panel-toggle-network').click();
    const failed = page.getByTestId('network-row').filter({ hasText: '/load-time-shop/api/config' });
    await expect(failed).toBeVisible();
    await expect(failed).toContainText('500');
  });

  await test.step('the Errors list shows the error, seen in this one session', async () => {
    await page.goto(`${cassette.url}/${owner.projectId}/errors`);
    const item = page.getByTestId('error-item').filter({ hasText: LOAD_ERROR });
    await expect(item).toHaveCount(1, { timeout: 20_000 });
    await expect(item).toContainText('TypeError');
    await expect(item.locator('[data-field="sessions"]')).toHaveText('1');
  });

  await test.step('a search by the error message finds the session, with its error counted', async () => {
    await page.goto(`${cassette.url}/${owner.projectId}/sessions`);
    await pick(page, 'add-step', 'Error Message');
    await addValue(page, 'Error Message', 'Shop configuration missing');
    await expect.poll(() => listed(page)).toEqual([sessionId]);
    await expect(page.locator(`[data-testid="session-item"][data-session-id="${sessionId}"] [data-field="counts"]`)).toContainText('1 error');
  });
});

/** An HTTP server standing for an outside host: it only counts what reaches it. */
async function outsideHost(): Promise<{ server: Server; origin: string; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'Content-Type': 'text/plain' }).end('outside');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { server, origin: `http://localhost:${port}`, hits };
}

interface HandBatch {
  seq: number;
  recording: unknown[];
  events: unknown[];
}

/** Records a session through the real ingest API, batch by batch, as a tracker would (the last one final). */
async function recordByHand(cassette: CassetteServer, owner: Owner, pageUrl: string, batches: HandBatch[]): Promise<{ sessionId: string }> {
  const startAnswer = await fetch(`${cassette.url}/api/ingest/v1/start`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ projectKey: owner.projectKey, trackerVersion: '1.0.0', protocolVersion: 1, timestamp: Date.now(), url: pageUrl, referrer: '', title: 'By hand', screen: { width: 1280, height: 720 }, viewport: { width: 1280, height: 720 } }),
  });
  const { data: started } = (await startAnswer.json()) as { data: { sessionId: string; token: string } };
  for (const [i, batch] of batches.entries()) {
    const body = { sessionId: started.sessionId, pageNo: 0, sentAt: Date.now(), final: i === batches.length - 1, ...batch };
    const stored = await fetch(`${cassette.url}/api/ingest/v1/batch`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${started.token}` }, body: JSON.stringify(body) });
    expect(stored.status, await stored.clone().text()).toBe(200);
  }
  await endedSession(cassette, owner, started.sessionId);
  return { sessionId: started.sessionId };
}

let nextId = 1;
const el = (tagName: string, attributes: Record<string, string> = {}, childNodes: unknown[] = []) => ({ type: 2, id: ++nextId, tagName, attributes, childNodes });
const svgEl = (tagName: string, attributes: Record<string, string> = {}, childNodes: unknown[] = []) => ({ ...el(tagName, attributes, childNodes), isSVG: true });
const txt = (textContent: string) => ({ type: 3, id: ++nextId, textContent });
const styleText = (css: string) => ({ ...txt(css), isStyle: true });

/**
 * CSS that a regular expression misreads but a browser fetches from (the vectors of an outside
 * review): a `)` inside a string of image-set(), comments around a URL, a CSS-escaped `)`,
 * @import written every way, a URL in a custom property that image-set() uses, and a url( left
 * open at the very end.
 */
function hostileSheet(o: string): string {
  return [
    `@import/**/"${o}/import-comment.css";`,
    `@\\69mport "${o}/import-escaped.css";`,
    `@import url("${o}/import-url-comment.css" /* c */) screen;`,
    `body { background: url(${o}/style-bg.png) }`,
    `.v-set { background-image: image-set("${o}/set-a).png" 1x, "${o}/set-b.png" 2x) }`,
    `.v-comment { background-image: url("${o}/comment.png" /* ) */) }`,
    `.v-escaped { background-image: url(${o}/escaped\\29 x.png) }`,
    `.v-cursor { cursor: url(${o}/style-cursor.cur), auto }`,
    `:root { --hero: "${o}/custom-property.png" } .v-var { background-image: image-set(var(--hero) 1x) }`,
    `.v-open { background-image: url(${o}/unclosed-style.png`,
  ].join('\n');
}

/** Every SVG presentation attribute that takes url(): each points outside. */
const paintAttributes = (o: string, prefix: string): Record<string, string> => ({
  fill: `url(${o}/${prefix}fill.svg#g)`,
  stroke: `url(${o}/${prefix}stroke.svg#s)`,
  mask: `url(${o}/${prefix}mask.svg#m)`,
  'clip-path': `url(${o}/${prefix}clip.svg#c)`,
  filter: `url(${o}/${prefix}filter.svg#f)`,
  cursor: `url(${o}/${prefix}cursor.cur), auto`,
  'marker-start': `url(${o}/${prefix}marker.svg#a)`,
});

/** An rrweb recording of a page made to attack whoever replays it. */
function hostileRecording(pageUrl: string, outside: string, start: number) {
  nextId = 1;
  const o = outside;
  const declarationStyle = el('style', {}, [styleText('.v-declared { color: blue }')]);
  const head = el('head', {}, [
    el('meta', { 'http-equiv': 'refresh', content: `0;url=${o}/meta-refresh` }),
    el('base', { href: `${o}/base/` }),
    el('link', { rel: 'stylesheet', href: `${o}/sheet.css` }),
    el('style', {}, [styleText(hostileSheet(o))]),
    declarationStyle,
    el('script', {}, [txt(`parent.__pwned = 'script'; fetch('${o}/script-fetch')`)]),
  ]);
  const rect = svgEl('rect', { id: 'hostile-rect', width: '20', height: '20', ...paintAttributes(o, 'rect-') });
  const line = svgEl('line', { id: 'hostile-line', x1: '0', y1: '0', x2: '50', y2: '50', ...paintAttributes(o, 'snapshot-') });
  const body = el('body', {}, [
    el('h1', { id: 'hostile-title' }, [txt('A page with traps')]),
    el('img', { src: `${o}/img.png`, onerror: "parent.__pwned = 'img-onerror'" }),
    el('svg', { onload: "parent.__pwned = 'svg-onload'" }),
    el('a', { id: 'js-link', href: "javascript:parent.__pwned='js-link'" }, [txt('a javascript: link')]),
    el('iframe', { srcdoc: "<script>parent.parent.__pwned = 'srcdoc'</script>" }),
    el('div', { id: 'styled', style: `background-image: url(${o}/inline-bg.png)` }, [txt('styled')]),
    el('div', { id: 'unclosed', style: `color: red; background-image: url(${o}/unclosed-attr.png` }, [txt('unclosed')]),
    el('img', { srcset: `${o}/a.png 1x, ${o}/b.png 2x` }),
    ...['v-set', 'v-comment', 'v-escaped', 'v-cursor', 'v-var', 'v-open', 'v-rule', 'v-declared', 'v-adopted'].map((name) => el('div', { class: name, style: 'width: 40px; height: 20px' }, [txt(name)])),
    el('div', { id: 'font-user', style: 'font-family: HostileFont' }, [txt('font')]),
    svgEl('svg', { width: '60', height: '60' }, [
      line,
      rect,
      svgEl('use', { href: `${o}/sprite.svg#icon` }),
      svgEl('image', { href: `${o}/svg-image.png`, width: '10', height: '10' }),
      svgEl('filter', { id: 'f' }, [svgEl('feImage', { href: `${o}/fe-image.png` })]),
    ]),
    el('video', { id: 'hostile-video', src: `${o}/video.webm`, poster: `${o}/poster.png`, preload: 'auto' }),
    el('audio', { preload: 'auto' }, [el('source', { src: `${o}/audio.wav` })]),
  ]);
  const html = el('html', {}, [head, body]);
  const at = (offset: number, data: Record<string, unknown>) => ({ type: 3, timestamp: start + offset, data });
  return [
    { type: 4, timestamp: start, data: { href: pageUrl, width: 1280, height: 720 } },
    { type: 2, timestamp: start + 10, data: { node: { type: 0, id: 1, childNodes: [{ type: 1, id: 2, name: 'html', publicId: '', systemId: '' }, html] }, initialOffset: { left: 0, top: 0 } } },
    // Later mutations add more traps, and attribute changes point images and paints outside.
    at(1500, {
      source: 0,
      texts: [],
      attributes: [
        { id: 3, attributes: { style: `background: url(${o}/mutated-bg.png)` } },
        { id: rect.id, attributes: paintAttributes(o, 'mutated-') },
      ],
      removes: [],
      adds: [
        { parentId: body.id, nextId: null, node: { type: 2, id: 500, tagName: 'img', attributes: { src: `${o}/added.png`, onload: "parent.__pwned = 'added'" }, childNodes: [] } },
        { parentId: body.id, nextId: null, node: { type: 2, id: 501, tagName: 'div', attributes: { style: `width: 9px; height: 9px; background-image: image-set('${o}/added-set).png' 1x)` }, childNodes: [] } },
        { parentId: body.id, nextId: null, node: { type: 2, id: 502, tagName: 'style', attributes: {}, childNodes: [{ type: 3, id: 503, textContent: `.v-open { background: url("${o}/added-style.png" /**/) }`, isStyle: true }] } },
      ],
    }),
    // Rules inserted through the CSSOM, a declaration set on one, a constructed sheet, a font.
    at(1600, { source: 8, id: declarationStyle.id, adds: [{ rule: `.v-rule { background-image: image-set("${o}/rule).png" 1x) }`, index: 1 }] }),
    at(1700, { source: 13, id: declarationStyle.id, index: [0], set: { property: 'background-image', value: `url(${o}/declaration\\29 .png` } }),
    at(1800, { source: 15, id: 1, styleIds: [1], styles: [{ styleId: 1, rules: [{ rule: `.v-adopted { background-image: url("${o}/adopted.png" /**/) }`, index: 0 }] }] }),
    at(1900, { source: 10, family: 'HostileFont', fontSource: `url(${o}/font\\29 .woff2)`, buffer: false, descriptors: {} }),
    at(3000, { source: 2, type: 2, id: 4, x: 10, y: 10 }),
  ];
}

test('a hostile recording is replayed: nothing runs, nothing navigates, nothing reaches the outside host, every URL goes to the asset proxy', async ({ page }) => {
  const cassette = shared.server();
  const owner = shared.owner();
  const outside = await outsideHost();
  try {
    const pageUrl = `${cassette.url}/shop/`;
    const now = Date.now();
    const batch = { seq: 0, recording: hostileRecording(pageUrl, outside.origin, now), events: [{ type: 'page', ts: now, url: pageUrl, referrer: '', title: 'Traps' }] };
    const started = await recordByHand(cassette, owner, pageUrl, [batch]);
    await endedSession(cassette, owner, started.sessionId);

    // Ingest sanitized what it stored. Put the raw recording back in the blob, as a recording
    // stored by an older server (or tampered with at rest) would be: the player's own
    // sanitizing is what this test proves.
    const blobs = readdirSync(cassette.dataDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.startsWith('0-') && e.parentPath.includes(started.sessionId));
    expect(blobs, 'the stored batch blob').toHaveLength(1);
    writeFileSync(join(blobs[0]!.parentPath, blobs[0]!.name), gzipSync(JSON.stringify({ ...batch, sessionId: started.sessionId, sentAt: now + 4000, pageNo: 0, final: true })));

    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const outsideRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(outside.origin)) outsideRequests.push(request.url());
    });
    // What the CSP had to stop: the URL rewriting let it through.
    const refusedOutside: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes(outside.origin)) refusedOutside.push(message.text());
    });

    await logIn(page, cassette, owner);
    const playerUrl = `${cassette.url}/${owner.projectId}/session/${started.sessionId}`;
    await page.goto(playerUrl);
    const frame = await replayFrame(page);
    await expect(frame.locator('#hostile-title')).toHaveText('A page with traps');
    await playToEnd(page);
    // Every proxied URL carries the project's asset token: the iframe's requests have no login header.
    const assetToken = new URL((await frame.locator('img[src*="added.png"]').getAttribute('src')) ?? '', cassette.url).searchParams.get('t');
    expect(assetToken, 'the asset token in the proxied URLs').toBeTruthy();
    const proxied = (url: string) => `${cassette.url}/api/${owner.projectId}/assets?url=${encodeURIComponent(url)}&t=${encodeURIComponent(assetToken!)}`;
    await expect(frame.locator('img[src*="added.png"]')).toHaveAttribute('src', proxied(`${outside.origin}/added.png`));
    await expect(frame.locator('#hostile-rect')).toHaveAttribute('fill', `url("${proxied(`${outside.origin}/mutated-fill.svg`)}#g")`);
    await expect(frame.locator('use')).toHaveAttribute('href', `${proxied(`${outside.origin}/sprite.svg`)}#icon`);
    await expect(frame.locator('#hostile-video')).toHaveAttribute('src', proxied(`${outside.origin}/video.webm`));
    // Give every image, sheet, font and media element the time to ask.
    await page.waitForTimeout(1500);
    // Nothing of the rebuilt page still names the outside host, but inside a proxy URL.
    const named = await frame.evaluate((origin) => {
      const found: string[] = [];
      for (const element of document.querySelectorAll('*')) {
        for (const attribute of element.attributes) if (attribute.value.includes(origin)) found.push(`${element.localName}[${attribute.name}]`);
      }
      const sheets = [...document.styleSheets, ...document.adoptedStyleSheets];
      for (const sheet of sheets) {
        let rules: CSSRuleList;
        try {
          rules = sheet.cssRules;
        } catch {
          continue; // A linked sheet that did not load (the proxy answered no CSS): its link is checked above.
        }
        for (const rule of rules) if (rule.cssText.includes(origin)) found.push(rule.cssText);
      }
      return found;
    }, outside.origin);
    expect(named, 'the rebuilt page names the outside host nowhere').toEqual([]);

    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned), 'nothing ran in the app').toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(page.url(), 'the app did not navigate').toBe(playerUrl);
    expect(frame.url(), 'the frame did not navigate').toBe('about:blank');
    expect(await frame.locator('script, base, meta[http-equiv]').count(), 'no script, base or refresh element was rebuilt').toBe(0);
    expect(await frame.locator('[onerror], [onload], [srcdoc], a[href^="javascript"]').count(), 'no handler, srcdoc or script URL was rebuilt').toBe(0);
    expect(outsideRequests, 'the browser asked the outside host for nothing').toEqual([]);
    expect(refusedOutside, 'the CSP had nothing to refuse: the rewriting caught every URL').toEqual([]);
    expect(outside.hits, 'the outside host heard nothing').toEqual([]);
  } finally {
    outside.server.close();
  }
});

test('a long recording streams: the first frame shows while later chunks are still downloading, and seeking refetches nothing', async ({ page }) => {
  const cassette = shared.server();
  const owner = shared.owner();
  const pageUrl = `${cassette.url}/long/`;
  const start = Date.now();
  nextId = 1;
  const counter = txt('minute 0');
  const body = el('body', {}, [el('h1', { id: 'long-title' }, [txt('A long visit')]), el('p', { id: 'counter' }, [counter])]);
  const html = el('html', {}, [el('head'), body]);
  const MINUTES = 20;
  // One batch a minute for 20 minutes: a full snapshot first, then the counter's text changes.
  const batches: HandBatch[] = Array.from({ length: MINUTES }, (_, minute) => {
    const ts = start + minute * 60_000;
    const change = { type: 3, timestamp: ts + 1000, data: { source: 0, texts: [{ id: counter.id, value: `minute ${minute}` }], attributes: [], removes: [], adds: [] } };
    const recording =
      minute === 0
        ? [
            { type: 4, timestamp: ts, data: { href: pageUrl, width: 1280, height: 720 } },
            { type: 2, timestamp: ts + 10, data: { node: { type: 0, id: 1, childNodes: [{ type: 1, id: 2, name: 'html', publicId: '', systemId: '' }, html] }, initialOffset: { left: 0, top: 0 } } },
            change,
          ]
        : [change];
    return { seq: minute, recording, events: minute === 0 ? [{ type: 'page', ts, url: pageUrl, referrer: '', title: 'Long' }] : [] };
  });
  const { sessionId } = await recordByHand(cassette, owner, pageUrl, batches);

  // Chunks after the second are held back until the test lets them go.
  const fetched = new Map<number, number>();
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/recording\/\d+$/, async (route) => {
    const seq = Number(route.request().url().split('/').pop());
    fetched.set(seq, (fetched.get(seq) ?? 0) + 1);
    if (seq >= 2) await released;
    await route.continue();
  });

  await logIn(page, cassette, owner);
  await page.goto(`${cassette.url}/${owner.projectId}/session/${sessionId}`);
  const frame = await replayFrame(page);
  await expect(frame.locator('#long-title'), 'the first frame shows before the recording is all in').toHaveText('A long visit');
  expect([...fetched.keys()].some((seq) => seq >= 2), 'later chunks were asked for, and are still on their way').toBe(true);
  const loadedWidth = () => page.getByTestId('player-timeline-loaded').evaluateAll((bars) => bars.reduce((sum, b) => sum + b.getBoundingClientRect().width, 0));
  const trackWidth = (await page.getByTestId('player-timeline-track').boundingBox())!.width;
  expect(await loadedWidth(), 'the timeline shows a part loaded, not all').toBeLessThan(trackWidth * 0.5);

  release();
  await expect.poll(() => fetched.size, { message: 'every chunk arrives', timeout: 30_000 }).toBe(MINUTES);
  await expect.poll(loadedWidth, { message: 'the timeline shows it all loaded' }).toBeGreaterThan(trackWidth * 0.95);

  // Seek near the end, then back to the start: what was fetched is kept.
  const track = (await page.getByTestId('player-timeline-track').boundingBox())!;
  // 97 % of 19 min 1 s is 18 min 27 s: the counter changed to 18 at 18 min 1 s.
  await page.mouse.click(track.x + track.width * 0.97, track.y + track.height / 2);
  await expect(frame.locator('#counter')).toHaveText(`minute ${MINUTES - 2}`);
  await page.mouse.click(track.x + 2, track.y + track.height / 2);
  await expect(frame.locator('#counter')).toHaveText('minute 0');
  expect([...fetched.values()].every((n) => n === 1), `each chunk fetched once: ${JSON.stringify([...fetched])}`).toBe(true);
});

/** A WAV file of `seconds` of a 440 Hz tone (8 kHz, 8-bit mono): real media, made here. */
function toneWav(seconds: number): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const wav = Buffer.alloc(44 + samples);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate, 28); // bytes per second
  wav.writeUInt16LE(1, 32); // block align
  wav.writeUInt16LE(8, 34); // bits per sample
  wav.write('data', 36);
  wav.writeUInt32LE(samples, 40);
  for (let i = 0; i < samples; i++) wav[44 + i] = 128 + Math.round(60 * Math.sin((2 * Math.PI * 440 * i) / rate));
  return wav;
}

const MEDIA_PAGE = '/media-shop/';
const MEDIA_FILE = '/media-shop/tone.wav';

function mediaPage(projectKey: string): string {
  return `<!doctype html><html><head><title>Media</title>
<script src="/tracker.js"></script>
<script>window.tracker = new CassetteTracker({ projectKey: ${JSON.stringify(projectKey)} }); window.started = tracker.start();</script>
</head><body><h1 id="media-title">Video and audio</h1>
<video id="clip" src="${MEDIA_FILE}" poster="/media-shop/poster.png" controls preload="auto" width="320" height="80"></video>
<audio id="tune" controls preload="auto"><source src="${MEDIA_FILE}" type="audio/wav"></audio>
<button id="play-all" onclick="document.querySelectorAll('video, audio').forEach((m) => m.play())">Play all</button>
</body></html>`;
}

test('a video and an audio played, paused, seeked and muted while recorded replay with their source and that state', async ({ page, browser }) => {
  const cassette = shared.server();
  const owner = shared.owner();
  const wav = toneWav(4);
  // With Range, as a static file server answers: media the browser cannot seek in snaps back to 0.
  const serveTone = (route: Route) => {
    const range = /^bytes=(\d+)-(\d*)$/.exec(route.request().headers()['range'] ?? '');
    if (!range) return route.fulfill({ status: 200, contentType: 'audio/wav', body: wav, headers: { 'Accept-Ranges': 'bytes' } });
    const start = Number(range[1]);
    const end = range[2] ? Math.min(Number(range[2]), wav.length - 1) : wav.length - 1;
    return route.fulfill({
      status: 206,
      contentType: 'audio/wav',
      body: wav.subarray(start, end + 1),
      headers: { 'Accept-Ranges': 'bytes', 'Content-Range': `bytes ${start}-${end}/${wav.length}` },
    });
  };
  const visit = await browser.newContext();
  let sessionId = '';
  try {
    const site = await visit.newPage();
    await site.route(`${cassette.url}${MEDIA_PAGE}`, (route) => route.fulfill({ contentType: 'text/html', body: mediaPage(owner.projectKey) }));
    await site.route(`${cassette.url}${MEDIA_FILE}`, serveTone);
    await site.goto(`${cassette.url}${MEDIA_PAGE}`);
    const started = await site.evaluate(() => (window as unknown as { started: Promise<{ ok: boolean; sessionId?: string }> }).started);
    expect(started.ok, 'the session started').toBe(true);
    sessionId = started.sessionId!;
    // A click is the user activation the page's autoplay policy asks for.
    await site.locator('#play-all').click();
    await expect.poll(() => site.evaluate(() => Math.min(...[...document.querySelectorAll('video, audio')].map((m) => (m as HTMLMediaElement).currentTime)))).toBeGreaterThan(0.3);
    await site.evaluate(async () => {
      const video = document.querySelector('video')!;
      const audio = document.querySelector('audio')!;
      const seeked = (m: HTMLMediaElement, time: number) => new Promise((resolve) => {
        m.addEventListener('seeked', resolve, { once: true });
        m.currentTime = time;
      });
      video.pause();
      audio.pause();
      await seeked(video, 1.25);
      await seeked(audio, 2.5);
      video.muted = true;
      audio.volume = 0.5;
      audio.playbackRate = 1.5;
    });
    await site.waitForTimeout(300);
    await site.evaluate(() => (window as unknown as { tracker: { stop(): Promise<void> } }).tracker.stop());
  } finally {
    await visit.close();
  }
  await endedSession(cassette, owner, sessionId);

  await logIn(page, cassette, owner);
  // The viewer's browser asks the Cassette origin for the media, as the page did.
  await page.route(`${cassette.url}${MEDIA_FILE}`, serveTone);
  await page.goto(`${cassette.url}/${owner.projectId}/session/${sessionId}`);
  const frame = await replayFrame(page);
  await expect(frame.locator('#media-title')).toHaveText('Video and audio');
  await playToEnd(page);
  const read = (selector: string) =>
    frame.locator(selector).evaluate((el: HTMLMediaElement) => ({
      src: el.currentSrc,
      paused: el.paused,
      currentTime: el.currentTime,
      muted: el.muted,
      volume: el.volume,
      playbackRate: el.playbackRate,
      readyState: el.readyState,
      duration: el.duration,
      error: el.error?.message ?? null,
    }));
  const media = `${cassette.url}${MEDIA_FILE}`;
  // Loaded (its duration is known: the CSP let it in), paused where the visitor left it.
  await expect.poll(() => read('#clip')).toMatchObject({ src: media, paused: true, muted: true, readyState: expect.any(Number), duration: 4, error: null });
  await expect.poll(() => read('#tune')).toMatchObject({ src: media, paused: true, muted: false, volume: 0.5, duration: 4, error: null });
  const [video, audio] = [await read('#clip'), await read('#tune')];
  expect(video.readyState, 'the video has its metadata').toBeGreaterThanOrEqual(1);
  expect(video.currentTime).toBeCloseTo(1.25, 1);
  expect(audio.currentTime).toBeCloseTo(2.5, 1);
  expect(audio.playbackRate, 'the recorded rate (at the player speed 1x)').toBeCloseTo(1.5, 5);
  await expect(frame.locator('#clip')).toHaveAttribute('poster', `${cassette.url}/media-shop/poster.png`);
});
