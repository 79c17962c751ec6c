import { expect, test } from '@playwright/test';
import { startWebhookReceiver, type WebhookReceiver } from '@cassette/plugin-webhooks/testing';
import { e2eOutboundAllowHosts } from './support/asset-hosts.js';
import { CassetteServer, ensureTrackerBuilt, signUp, type Owner } from './support/cassette-server.js';
import { DESKTOP_CHROME, recordVisit } from './support/demo-visits.js';
import { sessionIdOn } from './support/own-server-test.js';
import { logIn } from './support/log-in.js';

/**
 * Synthetic tests in real Chromium: a checkout visit of the demo shop is recorded; the player's
 * 'Generate test' opens it in the builder flagged generated; run, it passes with a screenshot per
 * step, a video, console, network and a Lighthouse score, and its own replay opens. A scheduler
 * notifying a webhook is made on the Schedulers page; the demo's test switch breaks the checkout
 * link and the scheduler's 'Run now' fails at that step, with its screenshot, a notice in the
 * bell and a POST at the webhook stand-in.
 *
 * Its own server: the runs' browsers reach the demo shop on the server's own address (allowed by
 * CASSETTE_OUTBOUND_ALLOW_HOSTS), and the test switch needs a restart with other settings.
 */

let cassette: CassetteServer;
let owner: Owner;
let receiver: WebhookReceiver;

test.beforeAll(async () => {
  ensureTrackerBuilt();
  receiver = await startWebhookReceiver();
  cassette = await CassetteServer.start({ env: (port) => ({ CASSETTE_OUTBOUND_ALLOW_HOSTS: [e2eOutboundAllowHosts(), `127.0.0.1:${port}`, receiver.hostPort].join(',') }) });
  owner = await signUp(cassette);
});

test.afterAll(async ({}, testInfo) => {
  if (cassette && testInfo.status !== testInfo.expectedStatus) await testInfo.attach('server output', { body: cassette.log(), contentType: 'text/plain' });
  await cassette?.dispose();
  await receiver?.close();
});

test('a test generated from a checkout visit passes; broken by the demo switch, its scheduled run fails and notifies', async ({ page, browser }) => {
  test.setTimeout(420_000);
  const recorded = await recordVisit(browser, cassette, owner, DESKTOP_CHROME, async (demo) => {
    await demo.getByRole('link', { name: 'View details' }).first().click();
    await expect(demo).toHaveURL(/\/demo\/product$/);
    await sessionIdOn(demo);
    await demo.getByRole('link', { name: 'Continue to checkout' }).click();
    await expect(demo).toHaveURL(/\/demo\/checkout$/);
    await sessionIdOn(demo);
    await demo.getByLabel('Full name').fill('Jane Cooper');
    await demo.getByLabel('Email').fill('jane@shop.test');
    await demo.getByRole('button', { name: 'Place order' }).click();
    await expect(demo.locator('#demo-checkout-result')).toContainText('Order API answered 404');
  });
  await logIn(page, cassette, owner);

  let testName = '';
  await test.step("the player's 'Generate test' opens the visit in the builder, flagged generated", async () => {
    await page.goto(`${cassette.url}/${owner.projectId}/session/${recorded}`);
    await page.getByRole('button', { name: 'Generate test' }).click();
    await expect(page).toHaveURL(/\/test-builder\?testId=\d+$/);
    await expect(page.locator('.syn-badge', { hasText: 'generated' }).first()).toBeVisible();
    await expect(page.getByTestId('step').first()).toContainText('Navigate');
    testName = await page.getByLabel('Test name').inputValue();
  });

  await test.step('run, it passes with step screenshots, video, console, network and Lighthouse; its replay opens', async () => {
    await page.getByRole('button', { name: 'Run test' }).click();
    await expect(page).toHaveURL(/\/tests\/runs\/\d+$/);
    await expect(page.getByTestId('run-state')).toHaveText('passed', { timeout: 150_000 });
    const steps = page.getByTestId('run-step');
    const count = await steps.count();
    expect(count).toBeGreaterThanOrEqual(4);
    await expect(steps.filter({ hasText: 'failed' })).toHaveCount(0);
    await expect(page.getByRole('img', { name: /^Screenshot after step \d+$/ })).toHaveCount(count);
    await expect(page.getByRole('region', { name: 'Video' }).locator('video')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Console' })).toContainText('could not place the order');
    await expect(page.getByRole('region', { name: 'Network', exact: true })).toContainText('/demo/api/orders');
    await expect(page.getByTestId('lighthouse-score').first()).toContainText(/\d/);
    await page.getByRole('link', { name: 'Open the replay' }).click();
    await expect(page).toHaveURL(new RegExp(`/${owner.projectId}/session/(?!${recorded})[\\w-]+$`));
  });

  await test.step('a scheduler made on the Schedulers page notifies a webhook', async () => {
    const made = await fetch(`${cassette.url}/api/webhooks`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${owner.jwt}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Ops', endpoint: `${receiver.origin}/synthetic` }),
    });
    expect(made.status).toBe(200);
    await page.goto(`${cassette.url}/${owner.projectId}/tests/schedulers`);
    await page.getByRole('button', { name: 'New scheduler' }).click();
    const form = page.getByRole('dialog', { name: 'New scheduler' });
    await form.getByLabel('Scheduler name').fill('Checkout watch');
    await form.getByLabel('Minutes').fill('60');
    await form.getByLabel('Notify by').selectOption('webhook');
    await form.getByLabel('Webhook', { exact: true }).selectOption({ label: 'Ops' });
    await form.getByRole('button', { name: 'Add target' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('table', { name: 'Schedulers' }).getByRole('row', { name: /Checkout watch/ });
    await expect(row).toContainText(testName);
    await expect(row).toContainText('Every 60 min');
  });

  await test.step("the demo's test switch breaks the checkout link; 'Run now' fails there and notifies", async () => {
    await cassette.stop();
    cassette.writeSettings({ demo: { brokenCheckout: true } });
    await cassette.boot();
    await page.goto(`${cassette.url}/${owner.projectId}/tests/schedulers`);
    await page.getByRole('button', { name: 'Run now' }).click();
    await expect(page).toHaveURL(/\/tests\/runs\/\d+$/);
    await expect(page.getByTestId('run-state')).toHaveText('failed', { timeout: 120_000 });
    const failed = page.getByTestId('run-step').filter({ hasText: 'failed' });
    await expect(failed).toHaveCount(1);
    await expect(failed.locator('.syn-step__info')).toContainText(/time|Timeout/i);
    await expect(failed.getByRole('img', { name: /^Screenshot after step \d+$/ })).toBeVisible();

    const title = `Test "${testName}" failed`;
    await expect.poll(() => receiver.received.find((r) => r.path === '/synthetic')?.body ?? '', { message: 'the webhook stand-in got the failure', timeout: 30_000 }).toContain('synthetic.run.failed');
    await page.reload();
    await page.getByRole('button', { name: /^Alerts, \d+ new$/ }).click();
    await expect(page.getByRole('dialog', { name: 'Alerts' }).getByText(title)).toBeVisible();
  });
});
