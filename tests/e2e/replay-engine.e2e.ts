import { expect, type Frame, type Page } from '@playwright/test';
import { ensureTrackerBuilt } from './support/cassette-server.js';
import { logIn } from './support/log-in.js';
import { endedSession, serverForThisFile, test } from './support/own-server-test.js';

/**
 * Pages the replay engine used to get wrong, recorded with the script-tag tracker in real
 * Chromium and replayed in the player to the end: forms whose controls are named after DOM
 * properties and methods, an element with an invalid tag name inline in text, a modal dialog
 * closed again, a dialog shown non-modally, a modal dialog left open, a hover style under the
 * pointer where it came to rest, a multi-select with several options chosen, a popover opened
 * over the modal dialog, the window scrolled and then an inner box straight after, and a value
 * typed into a field as the very last thing of the visit. The end is checked once played to it,
 * and again after a seek back into the visit.
 */

test.beforeAll(() => ensureTrackerBuilt());
const shared = serverForThisFile();

const FINAL_WORDS = 'see you soon';
const HOVER_COLOR = 'rgb(200, 0, 0)';
const HOVER_BACKGROUND = 'rgb(255, 240, 200)';
const CHECKED_BACKGROUND = 'rgb(230, 255, 230)';
/** Chosen in the multi-select (Alps, selected when the page loads, is unselected). */
const CHOSEN_REGIONS = ['Pyrenees', 'Rockies'];
/** Where the window, then the box inside it, are scrolled to, within one of rrweb's scroll sampling windows. */
const WINDOW_SCROLL = 400;
const BOX_SCROLL = 150;
/**
 * Controls named after what a replayer calls on a form: each shadows the form's own member
 * (`form.insertBefore` is that input). rrweb's recorder and replayer read or call every one of them.
 */
const METHOD_NAMES = [
  'insertBefore', 'appendChild', 'removeChild', 'replaceChild', 'setAttribute', 'getAttribute', 'removeAttribute',
  'querySelector', 'contains', 'parentNode', 'firstChild', 'nextSibling', 'childNodes', 'nodeType', 'shadowRoot',
  'style', 'id', 'className', 'classList',
];

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
      #modal-dialog::backdrop { background: rgba(0, 0, 0, 0.4); }
      #notice-dialog::backdrop { background: rgba(0, 0, 80, 0.3); }
      #size-tips { inset: 8px 8px auto auto; margin: 0; }
      #scroll-box { height: 80px; overflow: auto; border: 1px solid rgb(180, 180, 180); }
      #scroll-box p { height: 400px; margin: 0; }
      #page-rest { height: 1500px; }
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
    <form id="method-form" class="fresh">
      ${METHOD_NAMES.map((name) => `<input name="${name}" value="${name}" size="6" />`).join('\n      ')}
      <p id="method-first">First line</p>
      <p id="method-gone">Line to remove</p>
    </form>
    <p id="price-line">Today <x-1! id="odd-tag">12 €</x-1!> instead of 15 €</p>
    <label>Regions <select id="regions" multiple size="4"><option selected>Alps</option><option>Pyrenees</option><option>Scandinavia</option><option>Rockies</option></select></label>
    <div id="scroll-box"><p>Delivery terms, long enough to scroll.</p></div>
    <button type="button" id="open-notice">Read the notice</button>
    <dialog id="notice-dialog">
      <p>Prices change on Monday.</p>
      <label>Initials <input id="notice-initials" /></label>
      <button type="button" id="close-notice">Got it</button>
    </dialog>
    <button type="button" id="show-tip">Show a tip</button>
    <dialog id="tip-dialog">Green tea keeps a year.</dialog>
    <button type="button" id="open-dialog">Open the dialog</button>
    <dialog id="modal-dialog">
      <p id="hover-target">Point here</p>
      <label>Last words <input id="final-field" /></label>
      <button type="button" id="open-size-tips" popovertarget="size-tips">Size tips</button>
    </dialog>
    <div id="size-tips" popover>Between sizes? Take the larger one.</div>
    <footer id="page-end">Thank you for your order</footer>
    <div id="page-rest"></div>
    <script>
      // The page changes its method-named form through the prototypes: its own members are its controls.
      document.getElementById('check-order').addEventListener('click', () => {
        const form = document.getElementById('method-form');
        Element.prototype.setAttribute.call(form, 'data-state', 'checked');
        Element.prototype.setAttribute.call(form, 'class', 'checked');
        Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'style').get.call(form).setProperty('background-color', '${CHECKED_BACKGROUND}');
        const added = document.createElement('p');
        added.id = 'method-added';
        added.textContent = 'Added line';
        Node.prototype.insertBefore.call(form, added, document.getElementById('method-first'));
        Node.prototype.removeChild.call(form, document.getElementById('method-gone'));
        document.getElementById('method-first').textContent = 'First line, checked';
        const total = document.createElement('output');
        total.id = 'method-total';
        total.textContent = '3 items';
        Node.prototype.appendChild.call(form, total);
      });
      document.getElementById('open-notice').addEventListener('click', () => document.getElementById('notice-dialog').showModal());
      document.getElementById('close-notice').addEventListener('click', () => document.getElementById('notice-dialog').close());
      document.getElementById('show-tip').addEventListener('click', () => document.getElementById('tip-dialog').show());
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

/** What the replay shows, read in one go (the replay is paused). */
function replayState(frame: Frame) {
  return frame.evaluate(() => {
    const byId = (id: string) => document.getElementById(id);
    const form = byId('order-form');
    const methodForm = byId('method-form');
    const odd = byId('odd-tag');
    const hover = byId('hover-target');
    const attributesOf = (el: Element) =>
      Object.fromEntries(Element.prototype.getAttributeNames.call(el).map((name) => [name, Element.prototype.getAttribute.call(el, name) ?? '']));
    /** A dialog as the viewer sees it: open, modal (in the top layer, the page behind inert), where. */
    const dialogState = (id: string) => {
      const dialog = byId(id) as HTMLDialogElement | null;
      if (!dialog) return null;
      const box = dialog.getBoundingClientRect();
      return {
        open: dialog.open,
        modal: dialog.matches(':modal'),
        position: getComputedStyle(dialog).position,
        shown: box.width > 0 && box.height > 0,
        centred: Math.abs(box.left + box.width / 2 - innerWidth / 2) <= 1 && Math.abs(box.top + box.height / 2 - innerHeight / 2) <= 1,
      };
    };
    return {
      pageEnds: [document.querySelector('h1')?.textContent, byId('page-end')?.textContent],
      form: form ? attributesOf(form) : null,
      controls: form ? [...Element.prototype.querySelectorAll.call(form, 'input')].map((input) => input.getAttribute('name')) : null,
      methodForm: methodForm
        ? {
            attributes: attributesOf(methodForm),
            background: getComputedStyle(methodForm).backgroundColor,
            controls: [...Element.prototype.querySelectorAll.call(methodForm, 'input')].map((input) => input.getAttribute('name')),
            lines: [...Element.prototype.querySelectorAll.call(methodForm, 'p, output')].map((line) => `${line.id}: ${line.textContent}`),
          }
        : null,
      finalField: (byId('final-field') as HTMLInputElement | null)?.value ?? null,
      oddTag: odd ? { text: odd.textContent, display: getComputedStyle(odd).display } : null,
      priceLine: byId('price-line')?.innerText ?? null,
      notice: dialogState('notice-dialog'),
      tip: dialogState('tip-dialog'),
      dialog: dialogState('modal-dialog'),
      // A modal dialog's backdrop covers the page: a point outside the dialog hits the dialog.
      coveredBy: document.elementFromPoint(2, 2)?.id ?? null,
      backdrop: byId('modal-dialog') ? getComputedStyle(byId('modal-dialog')!, '::backdrop').backgroundColor : null,
      hover: hover ? { color: getComputedStyle(hover).color, background: getComputedStyle(hover).backgroundColor } : null,
      regions: [...((byId('regions') as HTMLSelectElement | null)?.selectedOptions ?? [])].map((option) => option.value),
      sizeTipsOpen: byId('size-tips')?.matches(':popover-open') ?? null,
      scroll: { window: scrollY, box: byId('scroll-box')?.scrollTop ?? null },
    };
  });
}

type ReplayState = Awaited<ReturnType<typeof replayState>>;

/** The last moment of the visit, as it was seen: checked once played to, and again after a seek. */
function expectTheEnd(replay: ReplayState, oddTagDisplay: string, when: string) {
  expect.soft(replay.pageEnds, `${when}: the body is not emptied`).toEqual(['Replay faults', 'Thank you for your order']);
  expect.soft(replay.form, `${when}: the form is rebuilt, with its attributes as they changed`).toEqual({ id: 'order-form', class: 'checked', 'data-step': '2' });
  expect.soft(replay.controls, `${when}: the form keeps its controls`).toEqual(['tagName', 'attributes', 'nodeName', 'children']);
  expect.soft(replay.methodForm, `${when}: the form with method-named controls is rebuilt, and changed as the page changed it`).toEqual({
    attributes: { id: 'method-form', class: 'checked', 'data-state': 'checked', style: `background-color: ${CHECKED_BACKGROUND};` },
    background: CHECKED_BACKGROUND,
    controls: METHOD_NAMES,
    lines: ['method-added: Added line', 'method-first: First line, checked', 'method-total: 3 items'],
  });
  expect.soft(replay.finalField, `${when}: the value typed last is shown at the end`).toBe(FINAL_WORDS);
  expect.soft(replay.oddTag, `${when}: an invalid tag name is rebuilt inline in its text, as the page showed it`).toEqual({ text: '12 €', display: oddTagDisplay });
  expect.soft(replay.priceLine, `${when}: the text around the odd tag stays on one line`).toBe('Today 12 € instead of 15 €');
  expect.soft(replay.notice, `${when}: the modal notice closed by the visitor is closed, not left in the top layer`).toEqual({ open: false, modal: false, position: 'absolute', shown: false, centred: false });
  expect.soft(replay.tip, `${when}: the tip shown with show() is open in the page's flow, not modal`).toMatchObject({ open: true, modal: false, position: 'absolute', shown: true });
  expect.soft(replay.dialog, `${when}: the dialog opened with showModal() is modal: in the top layer, fixed and centred`).toEqual({ open: true, modal: true, position: 'fixed', shown: true, centred: true });
  expect.soft({ coveredBy: replay.coveredBy, backdrop: replay.backdrop }, `${when}: the modal dialog's backdrop covers the page`).toEqual({ coveredBy: 'modal-dialog', backdrop: 'rgba(0, 0, 0, 0.4)' });
  expect.soft(replay.hover, `${when}: the element under the pointer has its hover styles, inserted through the CSSOM and as a constructed sheet`).toEqual({ color: HOVER_COLOR, background: HOVER_BACKGROUND });
  expect.soft(replay.regions, `${when}: every option chosen in the multi-select is selected, not only the first`).toEqual(CHOSEN_REGIONS);
  expect.soft(replay.sizeTipsOpen, `${when}: the popover opened over the dialog is shown (:popover-open)`).toBe(true);
  expect.soft(replay.scroll, `${when}: the window and the box inside it end where they were scrolled to`).toEqual({ window: WINDOW_SCROLL, box: BOX_SCROLL });
}

interface ChunkEvent {
  type: number;
  timestamp: number;
  data: { source?: number; text?: string; id?: number; y?: number; attributes?: { attributes: Record<string, string | null> }[] };
}

/** Moments of the recording (epoch ms) when a dialog's `open` attribute was set modal, or removed, and when a popover opened. */
function dialogMoments(events: ChunkEvent[]) {
  const changes = (test: (attributes: Record<string, string | null>) => boolean) =>
    events.filter((e) => e.type === 3 && e.data.source === 0 && (e.data.attributes ?? []).some((change) => test(change.attributes))).map((e) => e.timestamp);
  return {
    openedModal: changes((a) => a.rr_open_mode === 'modal' && a.open !== null),
    closed: changes((a) => 'open' in a && a.open === null),
    popoverOpened: changes((a) => a.rr_popover_open === ''),
  };
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

  // The forms' attributes and children change: their named controls shadow their DOM properties and
  // methods (Playwright's role queries trip over them too: buttons are found by id).
  await visit.locator('#check-order').click();
  await expect.poll(() => formAttributes(visit)).toMatchObject({ class: 'checked', 'data-step': '2' });
  await expect(visit.locator('#method-total')).toHaveText('3 items');
  // Several regions chosen in the multi-select (its value is the first of them only).
  await visit.locator('#regions').selectOption(CHOSEN_REGIONS);
  // A modal notice, read and closed; a tip shown non-modally; then a modal dialog left open.
  await visit.locator('#open-notice').click();
  expect(await visit.locator('#notice-dialog').evaluate((d) => d.matches(':modal')), 'the notice is modal on the live page').toBe(true);
  await visit.locator('#notice-initials').pressSequentially('JB', { delay: 150 });
  await visit.locator('#close-notice').click();
  await expect(visit.locator('#notice-dialog')).toHaveJSProperty('open', false);
  await visit.locator('#show-tip').click();
  await expect(visit.locator('#tip-dialog')).toHaveJSProperty('open', true);
  await visit.locator('#open-dialog').click();
  await expect(visit.locator('#modal-dialog')).toHaveJSProperty('open', true);
  expect(await visit.locator('#modal-dialog').evaluate((d) => d.matches(':modal')), 'the dialog is modal on the live page').toBe(true);
  // A popover opened from a button in the dialog: in the top layer too, with no attribute to say so.
  await visit.locator('#open-size-tips').click();
  await expect.poll(() => visit.locator('#size-tips').evaluate((tips) => tips.matches(':popover-open'))).toBe(true);
  // The window scrolled twice and the box inside it once, all within one of rrweb's scroll sampling
  // windows (150 ms): a throttle shared by every element kept only the window's last position.
  await visit.evaluate(async ({ windowScroll, boxScroll }) => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    window.scrollTo(0, windowScroll / 2);
    await nextFrame();
    window.scrollTo(0, windowScroll);
    await nextFrame();
    document.getElementById('scroll-box')!.scrollTo(0, boxScroll);
  }, { windowScroll: WINDOW_SCROLL, boxScroll: BOX_SCROLL });
  expect(await visit.evaluate(() => [scrollY, document.getElementById('scroll-box')!.scrollTop]), 'the page scrolled').toEqual([WINDOW_SCROLL, BOX_SCROLL]);
  // The last positions of that window are recorded when it ends.
  await visit.waitForTimeout(300);
  // The pointer crosses the backdrop and goes straight on to the hover target, where it rests: the two
  // moves come within one of rrweb's 50 ms sampling windows, and only the first used to be recorded.
  const hoverBox = (await visit.locator('#hover-target').boundingBox())!;
  await visit.mouse.move(5, 5);
  await visit.mouse.move(hoverBox.x + 10, hoverBox.y + hoverBox.height / 2);
  await expect(visit.locator('#hover-target')).toHaveCSS('color', HOVER_COLOR);
  await expect(visit.locator('#hover-target')).toHaveCSS('background-color', HOVER_BACKGROUND);
  // The last thing of the visit: a value typed into a field (rrweb records it on change), then the tab ends.
  // No wait for the pointer's position: the tracker hands it over when it stops.
  await visit.locator('#final-field').evaluate((field) => (field as HTMLInputElement).focus());
  await visit.keyboard.type(FINAL_WORDS);
  await visit.locator('#final-field').evaluate((field) => field.dispatchEvent(new Event('change', { bubbles: true })));
  await visit.evaluate(() => (window as unknown as { faultsTracker: { stop(): Promise<void> } }).faultsTracker.stop());
  await visit.close();
  await endedSession(cassette, owner, sessionId);

  const api = (path: string) => page.request.get(`${cassette.url}/api/${owner.projectId}/sessions2/${sessionId}${path}`, { headers: { Authorization: `Bearer ${owner.jwt}` } });
  const index = (await (await api('/recording')).json()).data as { startedAt: number; chunks: { seq: number }[] };
  const events: ChunkEvent[] = [];
  for (const chunk of index.chunks) events.push(...((await (await api(`/recording/${chunk.seq}`)).json()).data.events as ChunkEvent[]));
  events.sort((a, b) => a.timestamp - b.timestamp);
  // The recording ends with the typed value, or with the pointer's resting position when the
  // tracker handed it over on stopping: the end of the replay must show the last event either way.
  const last = events[events.length - 1]!;
  const lastInput = events.filter((e) => e.type === 3 && e.data.source === 5).at(-1);
  expect(lastInput?.data.text, 'the typed value is recorded').toBe(FINAL_WORDS);
  expect(last === lastInput || last.data.source === 1, `the last recorded event is the typed value or the pointer's last position (source ${last.data.source})`).toBe(true);
  const moments = dialogMoments(events);
  expect(moments.openedModal.length, 'the notice and the dialog were opened as modals').toBe(2);
  expect(moments.closed.length, 'the notice was closed').toBe(1);
  expect(moments.popoverOpened.length, 'the popover was opened').toBe(1);
  const lastScrollOf = (id: number | undefined) => events.filter((e) => e.type === 3 && e.data.source === 3 && e.data.id === id).at(-1)?.data.y;
  const scrolledIds = [...new Set(events.filter((e) => e.type === 3 && e.data.source === 3).map((e) => e.data.id))];
  expect(scrolledIds.map(lastScrollOf).sort((a, b) => a! - b!), 'the last position of the window and of the box are recorded').toEqual([BOX_SCROLL, WINDOW_SCROLL]);

  await logIn(page, cassette, owner);
  await page.goto(`${cassette.url}/${owner.projectId}/session/${sessionId}`);
  const frame = await replayFrame(page);
  await expect(frame.locator('h1')).toHaveText('Replay faults');
  const player = page.getByTestId('session-player');
  await page.getByTestId('player-play').click();
  await expect(player).toHaveAttribute('data-player-state', 'ended', { timeout: 60_000 });
  await page.screenshot({ path: test.info().outputPath('replay-ended.png') });
  // The end is still: read it once, then check each fault on its own.
  expectTheEnd(await replayState(frame), live.oddTagDisplay, 'played to the end');

  // Seeks back to while the notice was open, then on past its close. (The end itself is rebuilt from
  // the last full snapshot: rrweb starts over once it finished, so only a seek shows what the close left.)
  const track = page.getByTestId('player-timeline-track');
  const length = Number(await track.getAttribute('aria-valuemax'));
  const box = (await track.boundingBox())!;
  const seekBetween = async (from: number, to: number, what: string) => {
    const [start, end] = [from - index.startedAt, to - index.startedAt];
    await page.mouse.click(box.x + (box.width * (start + end)) / 2 / length, box.y + box.height / 2);
    await expect(player).toHaveAttribute('data-player-state', 'paused');
    const seekedTo = Number(await track.getAttribute('aria-valuenow'));
    expect(seekedTo > start && seekedTo < end, `the seek lands ${what} (${start}–${end} ms): ${seekedTo} ms`).toBe(true);
  };
  const [noticeOpened, dialogOpened] = moments.openedModal as [number, number];
  const noticeClosed = moments.closed[0]!;
  await seekBetween(noticeOpened, noticeClosed, 'while the notice is open');
  await expect.poll(async () => (await replayState(frame)).notice, { message: 'the notice is modal at that moment' }).toEqual({ open: true, modal: true, position: 'fixed', shown: true, centred: true });
  const during = await replayState(frame);
  expect.soft({ tip: during.tip?.open, dialog: during.dialog?.open, sizeTips: during.sizeTipsOpen, coveredBy: during.coveredBy }, 'only the notice is open then, its backdrop over the page').toEqual({ tip: false, dialog: false, sizeTips: false, coveredBy: 'notice-dialog' });
  await seekBetween(noticeClosed, dialogOpened, 'after the notice closed, before the dialog opened');
  await expect
    .poll(async () => {
      const after = await replayState(frame);
      return { notice: after.notice, dialog: after.dialog?.open, coveredBy: after.coveredBy };
    }, { message: 'the closed notice leaves the top layer: nothing is modal, nothing covers the page' })
    .toEqual({ notice: { open: false, modal: false, position: 'absolute', shown: false, centred: false }, dialog: false, coveredBy: '' });
  // On past the popover's opening: applied at once (the seek's virtual DOM), it is shown too.
  await seekBetween(moments.popoverOpened[0]!, lastInput!.timestamp, 'after the popover opened, before the last words');
  await expect.poll(async () => (await replayState(frame)).sizeTipsOpen, { message: 'the popover is shown after a seek past its opening' }).toBe(true);

  // Played on from there to the end: the same end.
  await page.getByTestId('player-play').click();
  await expect(player).toHaveAttribute('data-player-state', 'ended', { timeout: 60_000 });
  expectTheEnd(await replayState(frame), live.oddTagDisplay, 'played to the end after seeks');
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
  // The player's own length (its slider's maximum): the session may run on past its last event,
  // which a busy machine stretches, so the events' span would put the click too late.
  const trackElement = page.getByTestId('player-timeline-track');
  const duration = Number(await trackElement.getAttribute('aria-valuemax'));
  const track = (await trackElement.boundingBox())!;
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
