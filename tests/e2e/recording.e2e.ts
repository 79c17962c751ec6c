import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { BatchLog, isBatchUrl } from './support/batch-log.js';
import { CassetteServer, ensureTrackerBuilt, findSession, signUp, type Owner } from './support/cassette-server.js';
import { logIn } from './support/log-in.js';
import { endedSession, sessionIdOn, test } from './support/own-server-test.js';
import { openDatabase, scanDatabase, scanFiles } from './support/stored-bytes.js';

/**
 * Recording real visits, in real Chromium: the demo shop with the tracker installed, sent to
 * a server of the test's own (each test reads everything its server stored, or kills it); and
 * the app recording itself, with the failures its crash-testing widget raises.
 */

test.beforeAll(() => ensureTrackerBuilt());

async function typeAndLeave(page: Page, label: string, value: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.click();
  await field.pressSequentially(value, { delay: 15 });
  await field.press('Tab');
}

async function stopTracker(page: Page) {
  await page.evaluate(async () => {
    const tracker = (window as unknown as { cassetteDemoTracker?: { stop(): Promise<void> } }).cassetteDemoTracker;
    if (!tracker) throw new Error('the demo page has no tracker');
    await tracker.stop();
  });
}

/** Polls `condition` until it holds; the failure says what the browser saw by then. */
async function until(condition: () => boolean | Promise<boolean>, what: string, details: () => string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}; ${details()}`);
}

interface EventRow {
  seq: number;
  idx: number;
  type: string;
  url: string | null;
  path: string | null;
  label: string | null;
  selector: string | null;
  value: string | null;
  name: string | null;
  method: string | null;
  status: number | null;
}

const SHOPPER = 'gdpr-shopper@shop.test';

test('onboarding shows the real snippet with the project key, and the project turns green after a demo visit', async ({ cassette, page, context }) => {
  await page.goto(`${cassette.url}/signup`);
  await page.getByLabel('Email').fill('olivia@shop.test');
  await page.getByLabel('Password').fill('owner-password');
  await page.getByLabel('Name').fill('Olivia Owner');
  await page.getByLabel('Organization').fill('Shop');
  // The demo shop this test records is served by the Cassette server itself.
  await page.getByLabel('Website host').fill(new URL(cassette.url).host);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/onboarding\/installing$/);

  const jwt = (await page.evaluate(() => localStorage.getItem('jwt')))!;
  const projects = (await (await page.request.get(`${cassette.url}/api/projects`, { headers: { Authorization: `Bearer ${jwt}` } })).json()).data as { projectKey: string }[];
  const key = projects[0]!.projectKey;

  // The one snippet on the page is the real one: this server's script and ingest point, this project's key.
  await expect(page.getByTestId('project-key')).toHaveText(key);
  const scriptTag = page.getByLabel('Script tag snippet');
  await expect(scriptTag).toContainText(`<script src="${cassette.url}/tracker.js"></script>`);
  await expect(scriptTag).toContainText(`projectKey: '${key}'`);
  await expect(scriptTag).toContainText(`ingestPoint: '${cassette.url}/api/ingest'`);
  await expect(page.getByLabel('npm snippet')).toContainText("import { CassetteTracker } from '@cassette/tracker';");
  await expect(page.getByText('npm i @cassette/tracker')).toBeVisible();
  await expect(page.getByText("import Tracker from '@cassette/tracker'")).toHaveCount(0);

  // The script it names is served, with the global the snippet uses.
  const script = await page.request.get(`${cassette.url}/tracker.js`);
  expect(script.status()).toBe(200);
  expect(await script.text()).toContain('CassetteTracker');

  const status = page.getByTestId('recording-status');
  await expect(status).toHaveAttribute('data-status', 'red');
  await expect(status).toContainText('Waiting for the first session');

  // The demo shop opens in a new tab with the key, and records a visit.
  const [demo] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Try it on the demo site' }).click()]);
  await demo.waitForLoadState();
  expect(new URL(demo.url()).pathname).toBe('/demo/');
  expect(new URL(demo.url()).searchParams.get('key')).toBe(key);
  const demoSessionId = await sessionIdOn(demo);
  await demo.getByLabel('Email', { exact: true }).fill(SHOPPER);
  await demo.getByRole('button', { name: 'Sign in' }).click();
  await expect(demo.locator('#demo-signin-result')).toContainText('Signed in');
  await demo.getByRole('button', { name: 'Add to cart' }).first().click();
  await demo.getByRole('link', { name: 'View details' }).click();
  await expect(demo).toHaveURL(/\/demo\/product$/);
  await sessionIdOn(demo);

  // Back on the onboarding tab, which keeps checking: green once a session arrived.
  await page.bringToFront();
  await expect(status).toHaveAttribute('data-status', 'green', { timeout: 30_000 });
  await expect(status).toContainText('Recording');
  await page.screenshot({ path: test.info().outputPath('onboarding-green.png') });

  // The identify-users step shows the exact calls.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/onboarding\/identify-users$/);
  await expect(page.getByLabel('Set the user id')).toContainText("tracker?.setUserID('john@example.com');");
  await expect(page.getByLabel('Set metadata')).toContainText("tracker?.setMetadata('plan', 'premium');");

  await test.step('how long recordings are kept is a privacy setting of the project', async () => {
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.goto(`${cassette.url}/client/projects`);
    await page.getByRole('button', { name: 'Edit My first project' }).click();
    const days = page.getByLabel('Keep recordings for (days)');
    await expect(days).toHaveValue('180');
    await days.fill('0');
    await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).last().click();
    await expect(page.getByText('Keep recordings for a whole number of days from 1 to 3650.')).toBeVisible();
    await days.fill('30');
    await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).last().click();
    await expect(page.getByText('Privacy settings saved')).toBeVisible();
    const projectId = (await (await page.request.get(`${cassette.url}/api/projects`, { headers: { Authorization: `Bearer ${jwt}` } })).json()).data[0].id as number;
    const gdpr = (await (await page.request.get(`${cassette.url}/api/${projectId}/gdpr`, { headers: { Authorization: `Bearer ${jwt}` } })).json()).data;
    expect(gdpr.retentionDays).toBe(30);

    // Request payloads are off until the project turns them on; the tracker learns it at start.
    const payloads = page.getByLabel('Capture request and response payloads');
    await expect(payloads).not.toBeChecked();
    await payloads.check();
    await page.getByRole('dialog').getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Project updated')).toBeVisible();
    const started = await page.request.post(`${cassette.url}/api/ingest/v1/start`, {
      data: { projectKey: key, trackerVersion: '1.0.0', protocolVersion: 1, timestamp: Date.now(), url: `${cassette.url}/demo/`, referrer: '', title: 'Demo', screen: { width: 1, height: 1 }, viewport: { width: 1, height: 1 } },
    });
    expect((await started.json()).data.config.captureNetworkPayloads).toBe(true);

    // The organization's recording rules: a page outside the allowed domains starts nothing, and says why.
    const startDemo = () =>
      page.request.post(`${cassette.url}/api/ingest/v1/start`, {
        headers: { Origin: cassette.url },
        data: { projectKey: key, trackerVersion: '1.0.0', protocolVersion: 1, timestamp: Date.now(), url: `${cassette.url}/demo/`, referrer: '', title: 'Demo', screen: { width: 1, height: 1 }, viewport: { width: 1, height: 1 } },
      });
    await page.goto(`${cassette.url}/client/account`);
    const rules = page.getByTestId('recording-rules');
    await rules.getByLabel('Allowed domains').fill('shop.elsewhere.test');
    await rules.getByRole('button', { name: 'Save Recording Rules' }).click();
    await expect(page.getByText('Recording rules saved')).toBeVisible();
    const refused = await startDemo();
    expect(refused.status()).toBe(403);
    expect((await refused.json()).errors[0]).toContain(`Pages on ${new URL(cassette.url).hostname} are not recorded: it is not one of the organization's allowed domains.`);
    await rules.getByLabel('Allowed domains').fill('');
    await rules.getByRole('button', { name: 'Save Recording Rules' }).click();
    const allowedDomains = async () => (await (await page.request.get(`${cassette.url}/api/client`, { headers: { Authorization: `Bearer ${jwt}` } })).json()).data.loggerOptions.allowedDomains;
    await expect.poll(allowedDomains).toEqual([]);
    expect((await startDemo()).status()).toBe(200);
    // Back to the project's settings, where the next step works.
    await page.goto(`${cassette.url}/client/projects`);
    await page.getByRole('button', { name: 'Edit My first project' }).click();
  });

  await test.step("an admin deletes one user's recorded sessions", async () => {
    await stopTracker(demo);
    await demo.close();
    const owner: Owner = { jwt, projectId: (await (await page.request.get(`${cassette.url}/api/projects`, { headers: { Authorization: `Bearer ${jwt}` } })).json()).data[0].id, projectKey: key };
    await expect
      .poll(async () => (await findSession(cassette, owner, demoSessionId))?.userId, { message: 'the demo visit is stored with its user id', timeout: 45_000, intervals: [500] })
      .toBe(SHOPPER);
    const section = page.getByRole('region', { name: "Delete a user's data" });
    await section.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(section.getByText("Enter the ID of the user whose data must be deleted.")).toBeVisible();
    await section.getByLabel('User ID').fill(SHOPPER);
    await section.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: "Delete a user's data" });
    await expect(confirm).toContainText(`Delete every recorded session of ${SHOPPER} in this project? This cannot be undone.`);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(section.getByRole('status')).toHaveText(`Deleted 1 session of ${SHOPPER}.`);
    expect(await findSession(cassette, owner, demoSessionId), 'the deleted session is gone from the list').toBeNull();
  });
});

test('a recorded visit: the stored session has the right summary and events, and typed secrets and masked text are in no stored byte', async ({ cassette, page }) => {
  test.setTimeout(150_000);
  const owner = await signUp(cassette);
  const SECRET_PASSWORD = 'PwdNeverStored8841zq';
  const MASKED_CARD = 'CardMaskedInput5521zq';
  const MASKED_TEXT = ['Jane Cooper', 'Privet Drive', '7946 0958'];
  // Typed into plain inputs: they must be found, which shows the search reaches the stored bytes.
  const PLAIN_SEARCH = 'PlainSearchText3317qa';
  const PLAIN_NAME = 'PlainNameText6620qa';
  const USER = 'visitor@shop.test';

  const batches = new BatchLog(page);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  // Page 1: the shop. Type a search, click, sign in.
  await page.goto(`${cassette.url}/demo/?key=${owner.projectKey}`);
  const sessionId = await sessionIdOn(page);
  await typeAndLeave(page, 'Search coffee', PLAIN_SEARCH);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.locator('#demo-search-result')).toContainText(PLAIN_SEARCH);
  await page.getByRole('button', { name: 'Add to cart' }).first().click();
  await typeAndLeave(page, 'Email', USER);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#demo-signin-result')).toContainText('Signed in');

  // Page 2: checkout, in the same session. A plain field, a password, a masked field.
  await page.getByRole('link', { name: /^Checkout/ }).click();
  await expect(page).toHaveURL(/\/demo\/checkout$/);
  expect(await sessionIdOn(page), 'the session survives the navigation').toBe(sessionId);
  await typeAndLeave(page, 'Full name', PLAIN_NAME);
  await typeAndLeave(page, 'Create a password', SECRET_PASSWORD);
  await typeAndLeave(page, 'Card number', MASKED_CARD);

  // A failing fetch and the console.error it leads to; then an uncaught exception.
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.locator('#demo-checkout-result')).toContainText('Order API answered 404');
  await page.getByRole('button', { name: 'Throw an exception' }).click();
  await expect.poll(() => pageErrors.join('\n')).toContain('cart total is not a number');

  await stopTracker(page);
  await until(() => batches.finalAcknowledged(sessionId), 'the final batch is acknowledged', () => batches.describe(), 20_000);

  // The summary, as the sessions list shows it.
  const session = await endedSession(cassette, owner, sessionId);
  expect(session.pagesCount).toBe(2);
  expect(session.errorsCount).toBeGreaterThanOrEqual(1);
  expect(session.consoleLogsCount).toBeGreaterThanOrEqual(1);
  expect(session.eventsCount).toBeGreaterThanOrEqual(6);
  expect(session.userId).toBe(USER);
  expect(session.userBrowser).toMatch(/Chrom/);
  expect(session.userOs).toBe('Linux');
  expect(session.userDeviceType).toBe('desktop');
  expect(session.startUrl).toContain('/demo/');
  expect(session.pageTitle).toContain('Grounded Coffee');
  expect(session.duration).toBeGreaterThan(0);

  // Everything the server stored, read with the server stopped.
  await cassette.stop();
  const db = await openDatabase(cassette.dataDir);
  try {
    const { rows: events } = await db.query<EventRow>(
      `select seq, idx, type, url, path, label, selector, value, name, method, status from sessions_events where session_id = $1 order by seq, idx`,
      [sessionId],
    );
    const ofType = (type: string) => events.filter((e) => e.type === type);
    const summary = events.map((e) => `${e.type}:${e.name ?? ''}:${e.path ?? e.label ?? ''}`).join(', ');

    expect(ofType('LOCATION').map((e) => e.path), summary).toEqual(['/demo/', '/demo/checkout']);
    expect(ofType('CLICK').length, summary).toBeGreaterThanOrEqual(4);
    expect(ofType('CLICK').map((e) => e.label)).toEqual(expect.arrayContaining(['Search', 'Place order']));
    const inputs = ofType('INPUT');
    expect(inputs.map((e) => e.value)).toEqual(expect.arrayContaining([PLAIN_SEARCH, PLAIN_NAME]));
    const fetches = ofType('FETCH').filter((e) => e.path === '/demo/api/orders');
    expect(fetches.map((e) => [e.method, e.status])).toEqual([['POST', 404]]);
    // The tracker's own ingest requests are never recorded.
    expect(ofType('FETCH').filter((e) => (e.path ?? '').startsWith('/api/ingest'))).toEqual([]);
    expect(ofType('CONSOLE').some((e) => e.name === 'error' && (e.value ?? '').includes('could not place the order'))).toBe(true);
    const errors = ofType('ERROR');
    expect(errors.some((e) => (e.value ?? '').includes('cart total is not a number')), summary).toBe(true);
    expect(ofType('IDENTIFY').map((e) => e.value)).toContain(USER);
    expect(ofType('CUSTOM').map((e) => e.name)).toContain('add_to_cart');

    const needles = [SECRET_PASSWORD, MASKED_CARD, ...MASKED_TEXT, PLAIN_SEARCH, PLAIN_NAME];
    const inDatabase = await scanDatabase(db, needles);
    await db.close();
    const inFiles = scanFiles(cassette.dataDir, needles);
    expect(inDatabase.tables).toBeGreaterThan(5);
    expect(inFiles.gzipFiles, 'recording chunks are stored gzipped').toBeGreaterThanOrEqual(1);

    const secrets = [SECRET_PASSWORD, MASKED_CARD, ...MASKED_TEXT];
    const leaks = [...inDatabase.hits, ...inFiles.hits].filter((hit) => secrets.includes(hit.needle));
    expect(leaks, 'typed password and masked values in stored bytes').toEqual([]);

    // The controls: plain typing is found both in the database and in the recording blobs.
    for (const plain of [PLAIN_SEARCH, PLAIN_NAME]) {
      expect(inDatabase.hits.some((h) => h.needle === plain), `${plain} in the database`).toBe(true);
      expect(inFiles.hits.some((h) => h.needle === plain && h.where.startsWith('blobs') && h.where.endsWith('(gunzipped)')), `${plain} in a recording blob`).toBe(true);
    }
  } finally {
    await db.close().catch(() => undefined);
  }
});

test('durability: the server is killed mid-upload and restarted; no acknowledged batch is lost and nothing is stored twice', async ({ cassette, page }) => {
  // Two server boots, and the tracker's retry back-off after the outage: on a busy machine each boot alone can take most of a minute.
  test.setTimeout(300_000);
  const owner = await signUp(cassette);
  const batches = new BatchLog(page);
  let customEvents = 0;
  const sendCustomEvent = async () => {
    await page.getByRole('button', { name: 'Send a custom event' }).click();
    customEvents += 1;
  };

  await page.goto(`${cassette.url}/demo/?key=${owner.projectKey}`);
  const sessionId = await sessionIdOn(page);
  await page.getByRole('link', { name: 'View details' }).click();
  await expect(page).toHaveURL(/\/demo\/product$/);
  expect(await sessionIdOn(page)).toBe(sessionId);
  // A few batches go through normally.
  for (let i = 0; i < 3; i++) {
    await sendCustomEvent();
    await page.waitForTimeout(700);
  }
  await until(() => batches.acknowledged(sessionId).length >= 2, 'two batches are acknowledged', () => batches.describe(), 20_000);
  const ackedBeforeCrash = batches.acknowledged(sessionId);

  // The next batch goes to the server, which dies while it is in flight.
  let crashed = false;
  const batchRoute = (url: URL) => isBatchUrl(url.href);
  await page.route(batchRoute, async (route) => {
    if (crashed) return route.continue();
    crashed = true;
    const forwarded = route.fetch().catch(() => null);
    await new Promise((r) => setTimeout(r, 5));
    await cassette.kill();
    const response = await forwarded;
    if (response) await route.fulfill({ response });
    else await route.abort('connectionreset');
  });
  await sendCustomEvent();
  await expect.poll(() => crashed && cassette.running === false, { timeout: 20_000 }).toBe(true);
  await page.unroute(batchRoute);

  // The visitor goes on while the server is down: these batches fail and wait for retries.
  for (let i = 0; i < 3; i++) {
    await sendCustomEvent();
    await page.waitForTimeout(800);
  }
  const failedWhileDown = batches.attempts.filter((a) => a.status === 0).length;
  expect(failedWhileDown, batches.describe()).toBeGreaterThanOrEqual(1);

  // Restarted on the same data and port; the tracker's retries get through.
  await cassette.boot();
  for (let i = 0; i < 2; i++) {
    await sendCustomEvent();
    await page.waitForTimeout(500);
  }
  await stopTracker(page);
  await until(() => batches.finalAcknowledged(sessionId), 'the final batch is acknowledged', () => batches.describe(), 90_000);
  const session = await endedSession(cassette, owner, sessionId);
  expect(session.live).toBe(false);

  const acknowledged = batches.acknowledged(sessionId);
  const sent = batches.sent(sessionId);
  expect(acknowledged).toEqual(expect.arrayContaining(ackedBeforeCrash));

  await cassette.stop();
  const db = await openDatabase(cassette.dataDir);
  try {
    const { rows: stored } = await db.query<{ seq: number; is_final: boolean; blob_key: string }>(
      `select seq, is_final, blob_key from ingest_batches where session_id = $1 order by seq`,
      [sessionId],
    );
    const storedSeqs = stored.map((r) => r.seq);
    const traffic = batches.describe();
    // No acknowledged batch is lost; every batch the tracker sealed arrived (it resent the rest), once.
    expect(storedSeqs, traffic).toEqual(expect.arrayContaining(acknowledged));
    // (A batch sent as the previous page unloaded may escape the log; the gap check below covers it.)
    expect(storedSeqs, traffic).toEqual(expect.arrayContaining([...sent.keys()]));
    expect(storedSeqs, `sequence numbers 0..n without a gap; ${traffic}`).toEqual(storedSeqs.map((_, i) => i));
    expect(stored.at(-1)!.is_final, traffic).toBe(true);

    // Each stored chunk holds exactly what the tracker sent under that number, and there is one per batch.
    const blobDir = join(cassette.dataDir, 'blobs');
    // A write cut by the crash may leave a temp file (never a blob readers see); blobs are the rest.
    const sessionBlobs = readdirSync(join(blobDir, 'ingest', String(owner.projectId), sessionId))
      .filter((f) => !f.startsWith('~tmp~'))
      .map((f) => `ingest/${owner.projectId}/${sessionId}/${f}`);
    expect(sessionBlobs.sort(), traffic).toEqual(stored.map((r) => r.blob_key).sort());
    for (const row of stored) {
      const chunk = JSON.parse(gunzipSync(readFileSync(join(blobDir, row.blob_key))).toString('utf8')) as { seq: number; events: unknown[]; recording: unknown[] };
      expect(chunk.seq).toBe(row.seq);
      const sentBatch = sent.get(row.seq);
      if (!sentBatch) continue;
      expect(chunk.events.length, `events of batch ${row.seq}`).toBe(sentBatch.events.length);
      expect(chunk.recording.length, `recording of batch ${row.seq}`).toBe(sentBatch.recording.length);
    }

    // Searchable events: each custom event the visitor caused is there exactly once.
    const { rows: custom } = await db.query<{ n: number }>(
      `select count(*)::int as n from sessions_events where session_id = $1 and type = 'CUSTOM' and name = 'newsletter_popup_shown'`,
      [sessionId],
    );
    expect(custom[0]!.n, traffic).toBe(customEvents);
    const { rows: dupes } = await db.query<{ n: number }>(
      `select count(*)::int as n from (select seq, idx from sessions_events where session_id = $1 group by seq, idx having count(*) > 1) d`,
      [sessionId],
    );
    expect(dupes[0]!.n).toBe(0);
  } finally {
    await db.close();
  }
});

test('the crash-testing widget: with self-recording on, the failures its buttons raise in the app arrive in its project', async ({ page }) => {
  // Two server boots: on a busy machine each can take a good part of a minute.
  test.setTimeout(180_000);
  const cassette = await CassetteServer.start({ env: { CASSETTE_CRASH_TESTING: '1' } });
  let passed = false;
  try {
    // The project key exists only after signup: the app records itself into it from the next boot.
    const owner = await signUp(cassette);
    await cassette.stop();
    cassette.useEnv({ CASSETTE_SELF_RECORD_KEY: owner.projectKey });
    await cassette.boot();

    await logIn(page, cassette, owner);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const trackerStarted = page.waitForResponse((r) => r.url().endsWith('/api/ingest/v1/start') && r.ok());
    await page.goto(`${cassette.url}/${owner.projectId}/sessions`);
    const sessionId = ((await (await trackerStarted).json()) as { data: { sessionId: string } }).data.sessionId;

    await test.step('the widget, bottom left, raises each failure in the app', async () => {
      const widget = page.getByTestId('crash-testing');
      await widget.getByRole('button', { name: 'Crash testing' }).click();
      const buttons = widget.getByRole('group', { name: 'Crash tests' });
      await expect(buttons).toContainText('This app records itself: the failures arrive as its sessions.');
      const last = widget.getByTestId('crash-testing-last');
      await buttons.getByRole('button', { name: 'Eval error' }).click();
      await expect(last).toHaveText('Eval error raised');
      await buttons.getByRole('button', { name: 'Tracker crash' }).click();
      await expect(last).toHaveText('Tracker crash raised');
      await buttons.getByRole('button', { name: 'Undefined property' }).click();
      await expect(last).toHaveText('Undefined property read');
      await buttons.getByRole('button', { name: 'Memory growth' }).click();
      await expect(last).toHaveText('Holding 1 block of memory');
      await buttons.getByRole('button', { name: 'Failing fetch' }).click();
      await expect(last).toHaveText('The missing path answered 404');
      // The app's policy allows no eval: the browser refuses it with an EvalError.
      await expect.poll(() => pageErrors.join('\n')).toContain('Evaluating a string as JavaScript violates');
      expect(pageErrors.join('\n')).toContain('Crash test: the tracker failed while reading an event');
      expect(pageErrors.join('\n')).toContain("Cannot read properties of undefined (reading 'property')");
    });

    await test.step("the app's own session is in its project: the errors in the Errors list, the failing fetch in its network", async () => {
      await page.goto(`${cassette.url}/${owner.projectId}/errors`);
      const items = page.getByTestId('error-item');
      await expect(async () => {
        await page.reload();
        await expect(items.filter({ hasText: 'EvalError' })).toHaveCount(1, { timeout: 2_000 });
        await expect(items.filter({ hasText: 'Crash test: the tracker failed while reading an event' })).toHaveCount(1, { timeout: 2_000 });
        await expect(items.filter({ hasText: "Cannot read properties of undefined (reading 'property')" })).toHaveCount(1, { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      // Still live (the tab is open): the player's data has it.
      const detail = await fetch(`${cassette.url}/api/${owner.projectId}/sessions2/${sessionId}`, { headers: { Authorization: `Bearer ${owner.jwt}` } });
      expect(detail.status).toBe(200);
      const { data } = (await detail.json()) as { data: { startUrl: string; errors: { name: string }[]; resources: { url: string; method: string; status: number }[] } };
      expect(data.startUrl).toBe(`${cassette.url}/${owner.projectId}/sessions`);
      expect(data.errors.map((e) => e.name).sort()).toEqual(['Error', 'EvalError', 'TypeError']);
      expect(data.resources.filter((r) => r.url.includes('/api/crash-test/no-such-path')).map((r) => [r.method, r.status])).toEqual([['GET', 404]]);
    });
    passed = true;
  } finally {
    if (!passed) await test.info().attach('server output', { body: cassette.log(), contentType: 'text/plain' });
    await cassette.dispose();
  }
});
