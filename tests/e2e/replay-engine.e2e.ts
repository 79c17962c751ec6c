import { expect, type Frame, type Page } from '@playwright/test';
import { ensureTrackerBuilt } from './support/cassette-server.js';
import { logIn } from './support/log-in.js';
import { endedSession, serverForThisFile, test } from './support/own-server-test.js';

/**
 * Pages the replay engine used to get wrong, recorded with the script-tag tracker in real
 * Chromium and replayed in the player to the end: a form whose controls are named after DOM
 * properties, an element with an invalid tag name inline in text, a modal dialog, a hover style,
 * and a value typed into a field as the very last thing of the visit.
 */

test.beforeAll(() => ensureTrackerBuilt());
const shared = serverForThisFile();

const FINAL_WORDS = 'see you soon';
const HOVER_COLOR = 'rgb(200, 0, 0)';
const HOVER_BACKGROUND = 'rgb(255, 240, 200)';

/** The visited page: served by the test on the Cassette origin (the project's host), tracker included. */
function faultsPage(projectKey: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Replay faults</title>
    <link rel="icon" href="data:," />
    <style>
      body { font: 16px/1.4 sans-serif; margin: 24px; }
      #order-form { padding: 8px; border: 4px solid rgb(180, 180, 180); }
      #order-form.checked { border-color: rgb(0, 128, 0); }
      #hover-target { color: rgb(0, 0, 200); }
      dialog::backdrop { background: rgba(0, 0, 0, 0.4); }
    </style>
    <style id="component-styles"></style>
    <script src="/tracker.js"></script>
  </head>
  <body>
    <h1>Replay faults</h1>
    <form id="order-form" class="unchecked" data-step="1">
      <label>Tag <input name="tagName" value="tea" /></label>
      <label>Attributes <input name="attributes" value="green" /></label>
      <label>Node name <input name="nodeName" value="sencha" /></label>
      <label>Children <input name="children" value="2" /></label>
      <button type="button" id="check-order" onclick="this.form.className = 'checked'; this.form.setAttribute('data-step', '2')">Check the order</button>
    </form>
    <p id="price-line">Today <x-1! id="odd-tag">12 €</x-1!> instead of 15 €</p>
    <button type="button" id="open-dialog">Open the dialog</button>
    <dialog id="modal-dialog">
      <p id="hover-target">Point here</p>
      <label>Last words <input id="final-field" /></label>
    </dialog>
    <footer id="page-end">Thank you for your order</footer>
    <script>
      // The dialog's styles arrive with it, as a CSS-in-JS library inserts them: through the CSSOM, and as a constructed sheet.
      document.getElementById('open-dialog').addEventListener('click', () => {
        const sheet = document.getElementById('component-styles').sheet;
        sheet.insertRule('#hover-target:hover { color: ${HOVER_COLOR}; }', sheet.cssRules.length);
        const constructed = new CSSStyleSheet();
        constructed.replaceSync('#hover-target:hover { background-color: ${HOVER_BACKGROUND}; }');
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, constructed];
        document.getElementById('modal-dialog').showModal();
      });
      // Without performance samples, nothing the tracker sends comes after the page's last change:
      // the session ends on the recording's last event, the moment the player ends on.
      const tracker = new CassetteTracker({ projectKey: ${JSON.stringify(projectKey)}, ingestPoint: location.origin + '/api/ingest', capturePerformance: false });
      window.faultsTracker = tracker;
      tracker.start().then((result) => { if (result.ok) document.body.dataset.sessionId = result.sessionId; });
    </script>
  </body>
</html>`;
}

/** The replay iframe's frame, once the recording's first frame is in it. */
async function replayFrame(page: Page): Promise<Frame> {
  const iframe = page.getByTestId('player-replay').locator('iframe');
  await expect(iframe).toHaveCount(1, { timeout: 20_000 });
  await expect(iframe).toHaveAttribute('sandbox', 'allow-same-origin');
  const frame = await (await iframe.elementHandle())!.contentFrame();
  if (!frame) throw new Error('the replay iframe has no frame');
  return frame;
}

/**
 * The form's attributes, read through the prototypes: its controls shadow its own properties
 * (`form.attributes` is the input named "attributes"), which trips Playwright's locators too.
 */
function formAttributes(target: Page | Frame): Promise<Record<string, string> | null> {
  return target.evaluate(() => {
    const form = document.getElementById('order-form');
    if (!form) return null;
    const names = Element.prototype.getAttributeNames.call(form);
    return Object.fromEntries(names.map((name) => [name, Element.prototype.getAttribute.call(form, name) ?? '']));
  });
}

/** What the end of the replay shows, read in one go (the replay is paused at its end). */
function replayState(frame: Frame) {
  return frame.evaluate(() => {
    const byId = (id: string) => document.getElementById(id);
    const form = byId('order-form');
    const odd = byId('odd-tag');
    const dialog = byId('modal-dialog') as HTMLDialogElement | null;
    const hover = byId('hover-target');
    const attributesOf = (el: Element) =>
      Object.fromEntries(Element.prototype.getAttributeNames.call(el).map((name) => [name, Element.prototype.getAttribute.call(el, name) ?? '']));
    return {
      pageEnds: [document.querySelector('h1')?.textContent, byId('page-end')?.textContent],
      form: form ? attributesOf(form) : null,
      controls: form ? [...Element.prototype.querySelectorAll.call(form, 'input')].map((input) => input.getAttribute('name')) : null,
      finalField: (byId('final-field') as HTMLInputElement | null)?.value ?? null,
      oddTag: odd ? { text: odd.textContent, display: getComputedStyle(odd).display } : null,
      priceLine: byId('price-line')?.innerText ?? null,
      dialog: dialog
        ? {
            open: dialog.open,
            modal: dialog.matches(':modal'),
            // A modal dialog's backdrop covers the page: a point outside the dialog hits the dialog.
            coversPage: document.elementFromPoint(2, 2) === dialog,
            backdrop: getComputedStyle(dialog, '::backdrop').backgroundColor,
          }
        : null,
      hover: hover ? { color: getComputedStyle(hover).color, background: getComputedStyle(hover).backgroundColor } : null,
    };
  });
}

interface ChunkEvent {
  type: number;
  timestamp: number;
  data: { source?: number; text?: string };
}

test('a visit the replay engine used to get wrong replays as it was seen', async ({ page, context }) => {
  const cassette = shared.server();
  const owner = shared.owner();
  const pageUrl = `${cassette.url}/replay-faults/`;
  const visit = await context.newPage();
  await visit.route(pageUrl, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: faultsPage(owner.projectKey) }));
  await visit.goto(pageUrl);
  await expect(visit.locator('body'), 'the tracker started a session').toHaveAttribute('data-session-id', /.+/, { timeout: 20_000 });
  const sessionId = (await visit.locator('body').getAttribute('data-session-id'))!;

  // What the visitor saw, to compare the replay with.
  const live = await visit.evaluate(() => ({ oddTagDisplay: getComputedStyle(document.getElementById('odd-tag')!).display }));
  expect(live.oddTagDisplay, 'an element of an unknown (invalid) tag name is inline').toBe('inline');

  // The form's attributes change: the form's named controls shadow its DOM properties.
  await visit.getByRole('button', { name: 'Check the order' }).click();
  await expect.poll(() => formAttributes(visit)).toMatchObject({ class: 'checked', 'data-step': '2' });
  await visit.getByRole('button', { name: 'Open the dialog' }).click();
  await expect(visit.locator('#modal-dialog')).toHaveJSProperty('open', true);
  expect(await visit.locator('#modal-dialog').evaluate((d) => d.matches(':modal')), 'the dialog is modal on the live page').toBe(true);
  const hoverBox = (await visit.locator('#hover-target').boundingBox())!;
  await visit.mouse.move(hoverBox.x + 10, hoverBox.y + hoverBox.height / 2);
  await expect(visit.locator('#hover-target')).toHaveCSS('color', HOVER_COLOR);
  await expect(visit.locator('#hover-target')).toHaveCSS('background-color', HOVER_BACKGROUND);
  // rrweb sends mouse positions in batches, at most 500 ms after a move: let the hover's go out
  // before the last event (checked below, so a late batch fails loudly instead of passing).
  await visit.waitForTimeout(1200);
  // The last thing of the visit: a value typed into a field (rrweb records it on change), then the tab ends.
  await visit.locator('#final-field').evaluate((field) => (field as HTMLInputElement).focus());
  await visit.keyboard.type(FINAL_WORDS);
  await visit.locator('#final-field').evaluate((field) => field.dispatchEvent(new Event('change', { bubbles: true })));
  await visit.evaluate(() => (window as unknown as { faultsTracker: { stop(): Promise<void> } }).faultsTracker.stop());
  await visit.close();
  await endedSession(cassette, owner, sessionId);

  // The recording ends with the typed value: the end of the replay must show it.
  const api = (path: string) => page.request.get(`${cassette.url}/api/${owner.projectId}/sessions2/${sessionId}${path}`, { headers: { Authorization: `Bearer ${owner.jwt}` } });
  const index = (await (await api('/recording')).json()).data as { chunks: { seq: number }[] };
  const events: ChunkEvent[] = [];
  for (const chunk of index.chunks) events.push(...((await (await api(`/recording/${chunk.seq}`)).json()).data.events as ChunkEvent[]));
  events.sort((a, b) => a.timestamp - b.timestamp);
  const last = events[events.length - 1]!;
  expect({ source: last.data.source, text: last.data.text }, 'the last recorded event is the typed value').toEqual({ source: 5, text: FINAL_WORDS });

  await logIn(page, cassette, owner);
  await page.goto(`${cassette.url}/${owner.projectId}/session/${sessionId}`);
  const frame = await replayFrame(page);
  await expect(frame.locator('h1')).toHaveText('Replay faults');
  await page.getByTestId('player-play').click();
  await expect(page.getByTestId('session-player')).toHaveAttribute('data-player-state', 'ended', { timeout: 60_000 });
  await page.screenshot({ path: test.info().outputPath('replay-ended.png') });

  // The end is still: read it once, then check each fault on its own.
  const replay = await replayState(frame);
  expect.soft(replay.pageEnds, 'the body is not emptied').toEqual(['Replay faults', 'Thank you for your order']);
  expect.soft(replay.form, 'the form is rebuilt, with its attributes as they changed').toEqual({ id: 'order-form', class: 'checked', 'data-step': '2' });
  expect.soft(replay.controls, 'the form keeps its controls').toEqual(['tagName', 'attributes', 'nodeName', 'children']);
  expect.soft(replay.finalField, 'the value typed last is shown at the end').toBe(FINAL_WORDS);
  expect.soft(replay.oddTag, 'an invalid tag name is rebuilt inline in its text, as the page showed it').toEqual({ text: '12 €', display: live.oddTagDisplay });
  expect.soft(replay.priceLine, 'the text around the odd tag stays on one line').toBe('Today 12 € instead of 15 €');
  expect.soft(replay.dialog, 'the dialog is open as a modal, its backdrop over the page').toEqual({ open: true, modal: true, coversPage: true, backdrop: 'rgba(0, 0, 0, 0.4)' });
  expect.soft(replay.hover, 'the hovered element has its hover styles, inserted through the CSSOM and as a constructed sheet').toEqual({ color: HOVER_COLOR, background: HOVER_BACKGROUND });
});

const YELLOW_PNG = 'iVBORw0KGgoAAAANSUhEUgAAACgAAAAoCAIAAAADnC86AAAAL0lEQVR42u3NMQ0AAAgDsPlXhiaumSDhadK/2cmLiMVisVgsFovFYrFYLBaLxXcKLfH9F0Y7JqcAAAAASUVORK5CYII=';
const PURPLE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAACgAAAAoCAIAAAADnC86AAAALklEQVR42u3NMQ0AAAgDsMlGDlJngoSnSf9msi8iFovFYrFYLBaLxWKxWCwW3ynaV9ZbCYjhRQAAAABJRU5ErkJggg==';

/**
 * A page drawing into a 2D canvas (red, then a green left half a moment later), a WebGL canvas
 * (cleared blue once, without asking to keep its drawing buffer), a canvas inside a masked
 * element, and two images shown from `blob:` URLs: one in the first snapshot, one added later
 * (its URL revoked once it loaded, as pages do).
 */
function canvasPage(projectKey: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Canvas and blob images</title>
    <link rel="icon" href="data:," />
    <style>body { margin: 16px; font: 16px sans-serif; } canvas, img { display: block; margin: 8px 0; }</style>
    <script src="/tracker.js"></script>
    <script>
      // Created in the head, as the install guide says: before the page makes its WebGL context.
      window.canvasTracker = new CassetteTracker({ projectKey: ${JSON.stringify(projectKey)}, ingestPoint: location.origin + '/api/ingest', capturePerformance: false });
      canvasTracker.start().then((result) => { if (result.ok) document.body.dataset.sessionId = result.sessionId; });
    </script>
  </head>
  <body>
    <h1>Canvas</h1>
    <canvas id="sketch" width="120" height="60">Fallback text of the sketch</canvas>
    <canvas id="scene" width="120" height="60">Fallback text of the scene</canvas>
    <div data-cassette-mask><canvas id="private" width="20" height="20"></canvas></div>
    <img id="early-blob" alt="early" />
    <div id="later"></div>
    <script>
      const picture = (base64) => URL.createObjectURL(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/png' }));
      document.getElementById('early-blob').src = picture(${JSON.stringify(YELLOW_PNG)});
      const sketch = document.getElementById('sketch').getContext('2d');
      sketch.fillStyle = 'rgb(220, 30, 30)';
      sketch.fillRect(0, 0, 120, 60);
      const gl = document.getElementById('scene').getContext('webgl');
      gl.clearColor(0, 0.2, 0.9, 1);
      gl.clear(gl.COLOR_BUFFER_BIT);
      document.getElementById('private').getContext('2d').fillRect(0, 0, 20, 20);
      window.drawMore = () => {
        sketch.fillStyle = 'rgb(30, 200, 60)';
        sketch.fillRect(0, 0, 60, 60);
        const later = new Image();
        later.id = 'later-blob';
        later.src = picture(${JSON.stringify(PURPLE_PNG)});
        later.onload = () => URL.revokeObjectURL(later.src);
        document.getElementById('later').appendChild(later);
      };
    </script>
  </body>
</html>`;
}

interface SnapshotNode {
  id: number;
  tagName?: string;
  attributes?: Record<string, string>;
  childNodes?: SnapshotNode[];
}

/** The recorded node id of each element with an `id` attribute, from the recording's first full snapshot. */
function recordedIds(events: ChunkEvent[]): Record<string, number> {
  const ids: Record<string, number> = {};
  const walk = (node: SnapshotNode) => {
    if (node.attributes?.id) ids[node.attributes.id] = node.id;
    node.childNodes?.forEach(walk);
  };
  walk((events.find((e) => e.type === 2)!.data as unknown as { node: SnapshotNode }).node);
  return ids;
}

test('canvases and blob: images replay as the visitor saw them, and a project can turn canvas recording off', async ({ page, context }) => {
  const cassette = shared.server();
  const owner = shared.owner();
  const pageUrl = `${cassette.url}/canvas-page/`;
  const headers = { Authorization: `Bearer ${owner.jwt}` };
  const recordedEvents = async (sessionId: string) => {
    const api = (path: string) => page.request.get(`${cassette.url}/api/${owner.projectId}/sessions2/${sessionId}${path}`, { headers });
    const index = (await (await api('/recording')).json()).data as { chunks: { seq: number }[] };
    const events: ChunkEvent[] = [];
    for (const chunk of index.chunks) events.push(...((await (await api(`/recording/${chunk.seq}`)).json()).data.events as ChunkEvent[]));
    return events.sort((a, b) => a.timestamp - b.timestamp);
  };
  const visitPage = async () => {
    const visit = await context.newPage();
    await visit.route(pageUrl, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: canvasPage(owner.projectKey) }));
    await visit.goto(pageUrl);
    await expect(visit.locator('body'), 'the tracker started a session').toHaveAttribute('data-session-id', /.+/, { timeout: 20_000 });
    await visit.waitForTimeout(1_200);
    await visit.evaluate(() => (window as unknown as { drawMore(): void }).drawMore());
    await expect(visit.locator('#later-blob')).toHaveJSProperty('complete', true);
    await visit.waitForTimeout(1_200);
    const sessionId = (await visit.locator('body').getAttribute('data-session-id'))!;
    await visit.evaluate(() => (window as unknown as { canvasTracker: { stop(): Promise<void> } }).canvasTracker.stop());
    await visit.close();
    await endedSession(cassette, owner, sessionId);
    return sessionId;
  };

  const sessionId = await visitPage();
  const events = await recordedEvents(sessionId);
  const ids = recordedIds(events);
  const framedIds = new Set(events.filter((e) => e.type === 3 && e.data.source === 9).map((e) => (e.data as { id?: number }).id));
  expect([...framedIds].sort(), 'frames of both canvases, none of the masked one').toEqual([ids.sketch, ids.scene].sort());

  await logIn(page, cassette, owner);
  await page.goto(`${cassette.url}/${owner.projectId}/session/${sessionId}`);
  const frame = await replayFrame(page);
  await expect(frame.locator('h1')).toHaveText('Canvas');
  await page.getByTestId('player-play').click();
  await expect(page.getByTestId('session-player')).toHaveAttribute('data-player-state', 'ended', { timeout: 60_000 });

  const boxes = await frame.evaluate(() =>
    Object.fromEntries(
      ['sketch', 'scene', 'early-blob', 'later-blob'].map((id) => {
        const el = document.getElementById(id);
        const box = el?.getBoundingClientRect();
        return [id, el && box ? { tag: el.tagName.toLowerCase(), width: box.width, height: box.height, loaded: (el as HTMLImageElement).naturalWidth > 0 } : null];
      }),
    ),
  );
  expect(boxes, 'canvases are images of their size; both blob images loaded').toEqual({
    sketch: { tag: 'img', width: 120, height: 60, loaded: true },
    scene: { tag: 'img', width: 120, height: 60, loaded: true },
    'early-blob': { tag: 'img', width: 40, height: 40, loaded: true },
    'later-blob': { tag: 'img', width: 40, height: 40, loaded: true },
  });
  expect(await frame.locator('body').innerText(), 'no fallback content shows').not.toContain('Fallback');

  // What the replay shows, pixel by pixel: a screenshot of each element, read back in a blank page.
  const probe = await context.newPage();
  const colourAt = async (id: string, x: number, y: number) => {
    const png = (await frame.locator(`#${id}`).screenshot()).toString('base64');
    return probe.evaluate(
      async ({ png, x, y }) => {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(bitmap, 0, 0);
        const [r, g, b] = ctx.getImageData(Math.floor(bitmap.width * x), Math.floor(bitmap.height * y), 1, 1).data;
        return [r!, g!, b!];
      },
      { png, x, y },
    );
  };
  const near = (actual: number[], expected: number[]) => actual.every((v, i) => Math.abs(v - expected[i]!) <= 12);
  const samples = {
    sketchLeft: await colourAt('sketch', 0.25, 0.5),
    sketchRight: await colourAt('sketch', 0.75, 0.5),
    scene: await colourAt('scene', 0.5, 0.5),
    earlyBlob: await colourAt('early-blob', 0.5, 0.5),
    laterBlob: await colourAt('later-blob', 0.5, 0.5),
  };
  expect
    .soft(
      {
        sketchLeft: near(samples.sketchLeft, [30, 200, 60]),
        sketchRight: near(samples.sketchRight, [220, 30, 30]),
        scene: near(samples.scene, [0, 51, 230]),
        earlyBlob: near(samples.earlyBlob, [250, 200, 0]),
        laterBlob: near(samples.laterBlob, [120, 0, 160]),
      },
      `replayed colours ${JSON.stringify(samples)}`,
    )
    .toEqual({ sketchLeft: true, sketchRight: true, scene: true, earlyBlob: true, laterBlob: true });

  // Seeking rebuilds the page from its snapshot: back to between the first pictures and the
  // second drawing (the visit drew more 1.2 s after its session started), then to the end again.
  const sketchSrc = () => frame.locator('#sketch').getAttribute('src');
  const lastPicture = await sketchSrc();
  const startedAt = events.find((e) => e.type === 2)!.timestamp;
  const firstFrameAt = events.find((e) => e.type === 3 && e.data.source === 9)!.timestamp - startedAt;
  const drawnMoreAt = events.find((e) => e.type === 3 && e.data.source === 0 && JSON.stringify(e.data).includes('later-blob'))!.timestamp - startedAt;
  const duration = events[events.length - 1]!.timestamp - events[0]!.timestamp;
  const track = (await page.getByTestId('player-timeline-track').boundingBox())!;
  const seekTo = (ms: number) => page.mouse.click(track.x + (track.width * ms) / duration, track.y + track.height / 2);
  await seekTo((firstFrameAt + drawnMoreAt) / 2 + (startedAt - events[0]!.timestamp));
  await expect(frame.locator('#later-blob'), 'the image added later is not there yet').toHaveCount(0);
  await expect.poll(sketchSrc, { message: 'the sketch is not green yet' }).not.toBe(lastPicture);
  expect(near(await colourAt('sketch', 0.25, 0.5), [220, 30, 30]), 'the sketch was all red then').toBe(true);
  // Forward (10 s) from there is the end: the last picture is the recording's last event.
  await page.keyboard.press('ArrowRight');
  await expect.poll(sketchSrc, { message: 'the last picture again after seeking to the end' }).toBe(lastPicture);
  expect(near(await colourAt('sketch', 0.25, 0.5), [30, 200, 60]), 'the seek shows the green half').toBe(true);
  await probe.close();

  // Turned off in the project's settings: the next visit records no canvas frame.
  const off = await page.request.post(`${cassette.url}/api/${owner.projectId}/gdpr`, { headers, data: { canvasFps: 0 } });
  expect(off.ok()).toBe(true);
  const offEvents = await recordedEvents(await visitPage());
  expect(offEvents.filter((e) => e.type === 2).length, 'the visit was recorded').toBeGreaterThan(0);
  expect(offEvents.filter((e) => e.type === 3 && e.data.source === 9), 'no canvas frames').toEqual([]);
});
