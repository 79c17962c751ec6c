import { expect, type Page } from '@playwright/test';
import { ensureTrackerBuilt } from './support/cassette-server.js';
import { DESKTOP_CHROME } from './support/demo-visits.js';
import { logIn } from './support/log-in.js';
import { sessionIdOn, test } from './support/own-server-test.js';
import { CHROMIUM_PATH, HEADLESS_CHROMIUM_ARGS } from './support/chromium.js';

/**
 * Assist in real Chromium, two browser contexts: a visitor on the demo shop and a support agent.
 * The agent finds the visitor in the live list, watches the tab live (a click on the shop shows
 * in the agent's replay), calls (fake microphone and camera; the visitor accepts in Cassette's
 * own prompt), takes control with a second consent (types into a plain field, is refused on the
 * password field), and the visitor stops it.
 */

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...HEADLESS_CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--disable-features=WebRtcHideLocalIpsWithMdns',
    ],
  },
});

test.beforeAll(() => ensureTrackerBuilt());

/** Cassette's panel on the visitor's page (a shadow root of its own). */
const assistPanel = (demo: Page, kind: string) => demo.locator(`cassette-assist [data-cassette="${kind}"]`);

test('an agent watches a visitor live, calls them, and guides them with their consent until they stop it', async ({ site: { cassette, owner }, page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const visitorContext = await browser.newContext({ userAgent: DESKTOP_CHROME, viewport: { width: 1280, height: 800 } });
  try {
    const demo = await visitorContext.newPage();
    await demo.goto(`${cassette.url}/demo/?key=${owner.projectKey}`);
    const sessionId = await sessionIdOn(demo);
    await demo.goto(new URL('/demo/checkout', demo.url()).href);
    expect(await sessionIdOn(demo)).toBe(sessionId);

    await test.step('the agent finds the visitor in the live list and opens the live view', async () => {
      await logIn(page, cassette, owner);
      await page.goto(`${cassette.url}/${owner.projectId}/sessions`);
      await page.getByRole('navigation').getByRole('link', { name: 'Assist' }).click();
      await expect(page).toHaveURL(new RegExp(`/${owner.projectId}/assist$`));
      const item = page.locator(`[data-testid="session-item"][data-session-id="${sessionId}"]`);
      await expect(item).toBeVisible({ timeout: 20_000 });
      await expect(item.locator('[data-field="live"]')).toHaveText('LIVE');
      await item.getByRole('link', { name: /Play the session/ }).click();
      await expect(page).toHaveURL(new RegExp(`/${owner.projectId}/assist/${sessionId}$`));
      await expect(page.getByTestId('live-status')).toHaveText('Live', { timeout: 20_000 });
    });

    const replay = page.frameLocator('[data-testid="live-stage"] iframe');
    await test.step('a click on the visitor’s page shows in the agent’s live replay', async () => {
      await expect(replay.locator('#demo-checkout-result')).not.toContainText('Order API answered 404');
      const clickedAt = Date.now();
      await demo.getByRole('button', { name: 'Place order' }).click();
      await expect(demo.locator('#demo-checkout-result')).toContainText('Order API answered 404');
      await expect(replay.locator('#demo-checkout-result')).toContainText('Order API answered 404');
      // Measured, not asserted (the benchmark's live section holds the latency figures).
      testInfo.annotations.push({ type: 'live latency (ms, upper bound)', description: String(Date.now() - clickedAt) });
    });

    await test.step('the agent calls; the visitor accepts in Cassette’s prompt; both see the call connected', async () => {
      await page.getByRole('button', { name: 'Call', exact: true }).click();
      await expect(page.getByTestId('call-state')).toHaveText('Calling… waiting for the visitor to accept');
      const prompt = assistPanel(demo, 'ask');
      await expect(prompt).toContainText('Cassette Assist');
      await expect(prompt).toContainText('wants to talk with you');
      await prompt.getByRole('button', { name: 'Accept call' }).click();
      await expect(page.getByTestId('call-state')).toHaveText('Call connected', { timeout: 20_000 });
      await expect(demo.locator('cassette-assist [data-cassette^="call-"]')).toContainText('On a call with');
    });

    await test.step('with a second consent the agent types into a plain field, and is refused on the password field', async () => {
      await page.getByRole('button', { name: 'Remote control' }).click();
      await expect(page.getByTestId('control-state')).toHaveText('Waiting for the visitor to allow remote control');
      const prompt = assistPanel(demo, 'ask');
      await expect(prompt).toContainText('asks to guide you');
      await prompt.getByRole('button', { name: 'Allow control' }).click();
      await expect(page.getByTestId('control-state')).toHaveText('You control the visitor’s page: click and type in the replay');
      await expect(assistPanel(demo, 'control')).toContainText('is controlling this page');

      // The agent's pointer lands on the control pane over the replay (it takes the clicks for the visitor's page).
      await replay.locator('#demo-name').click({ force: true });
      await page.keyboard.type('Ada');
      await expect(demo.locator('#demo-name')).toHaveValue('Ada');
      await expect(replay.locator('#demo-name')).toHaveValue('Ada');

      await replay.locator('#demo-password').click({ force: true });
      await expect(page.getByTestId('live-notice')).toHaveText('That field is private (a password or masked field): the visitor fills it in themselves.');
      await page.keyboard.type('secret');
      await expect(demo.locator('#demo-password')).toHaveValue('');
    });

    await test.step('the visitor stops the control at once; the agent is told', async () => {
      await assistPanel(demo, 'control').getByRole('button', { name: 'Stop control' }).click();
      await expect(assistPanel(demo, 'control')).toHaveCount(0);
      await expect(page.getByTestId('live-notice')).toHaveText('The visitor stopped the remote control.');
      await expect(page.getByRole('button', { name: 'Remote control' })).toBeVisible();
      await replay.locator('#demo-name').click({ force: true }).catch(() => undefined);
      await page.keyboard.type('X');
      await expect(demo.locator('#demo-name')).toHaveValue('Ada');
    });

    await test.step('the agent hangs up; the visitor’s page is left as it was', async () => {
      await page.getByRole('button', { name: 'End call' }).click();
      await expect(demo.locator('cassette-assist [data-cassette^="call-"]')).toHaveCount(0);
    });
  } finally {
    await visitorContext.close();
  }
});
