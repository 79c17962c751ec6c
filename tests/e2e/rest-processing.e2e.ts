import { expect } from '@playwright/test';
import { ensureTrackerBuilt, signUp, type CassetteServer, type Owner } from './support/cassette-server.js';
import { buyAndFail, DESKTOP_CHROME, recordVisit } from './support/demo-visits.js';
import { logIn } from './support/log-in.js';
import { test } from './support/own-server-test.js';

/**
 * Processing settings in real Chromium: the account's capture rate decides which new sessions
 * are recorded; a watchdog rule made in Preferences flags the sessions it matches with a tab of
 * its own in the sessions list; a rehydration applies a rule made later to sessions recorded
 * before it, showing its progress until it is done.
 */

test.beforeAll(() => ensureTrackerBuilt());

const api = async (cassette: CassetteServer, owner: Owner, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${cassette.url}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${owner.jwt}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as { data?: any; errors?: string[] };
};

const startSession = (cassette: CassetteServer, owner: Owner) =>
  api(cassette, owner, 'POST', '/ingest/v1/start', {
    projectKey: owner.projectKey,
    trackerVersion: '1.0.0',
    protocolVersion: 1,
    timestamp: Date.now(),
    url: `${cassette.url}/demo/`,
    referrer: '',
    title: 'Demo',
    screen: { width: 1, height: 1 },
    viewport: { width: 1, height: 1 },
  });

// The capture rate is the organization's: this journey gets a server of its own so it cannot
// change what the other journeys record.
test('an admin lowers the account capture rate and new sessions of projects without their own rate stop being recorded', async ({ cassette, page }) => {
  test.setTimeout(120_000);
  const owner = await signUp(cassette);
  expect((await startSession(cassette, owner)).data.sampled).toBe(true);

  await logIn(page, cassette, owner);
  await page.goto(`${cassette.url}/client/projects`);
  await page.getByRole('button', { name: /^Edit / }).first().click();
  const dialog = page.getByRole('dialog');
  // The project has no sample rate of its own: the account's applies.
  await expect(dialog.getByLabel('Sample rate (%)')).toHaveValue('');
  const captureAll = dialog.getByRole('switch', { name: 'Capture all sessions' });
  await expect(captureAll).toBeChecked();
  await expect(dialog.getByLabel('Capture rate (%)')).toHaveValue('0');
  await captureAll.uncheck();
  await dialog.getByLabel('Capture rate (%)').fill('150');
  await dialog.getByRole('button', { name: 'Save capture rate' }).click();
  await expect(dialog.getByText('Enter the capture rate as a whole number from 0 to 100.')).toBeVisible();
  await dialog.getByLabel('Capture rate (%)').fill('0');
  await dialog.getByRole('button', { name: 'Save capture rate' }).click();
  await expect(page.getByText('Capture rate saved')).toBeVisible();
  expect((await api(cassette, owner, 'GET', '/sample_rate')).data).toEqual({ rate: 0, captureAll: false });

  const refused = await startSession(cassette, owner);
  expect(refused.data).toEqual({ sampled: false, reason: "This project follows the account's capture rate and records 0% of sessions; this one was not sampled." });

  // A rate of the project's own wins over the account's.
  await dialog.getByLabel('Sample rate (%)').fill('100');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Privacy settings saved')).toBeVisible();
  expect((await startSession(cassette, owner)).data.sampled).toBe(true);
  await page.screenshot({ path: test.info().outputPath('capture-rate.png'), fullPage: true });
});

test('an admin adds a watchdog rule; the sessions it matches get their own tab and badge in the sessions list', async ({ site: { cassette, owner }, page, browser }) => {
  test.setTimeout(180_000);
  // Logged in with the journey's project selected: the tab manages its rules.
  await logIn(page, cassette, owner);
  await page.goto(`${cassette.url}/client/watchdogs`);
  await page.getByRole('button', { name: 'Add Rule' }).click();
  const form = page.getByRole('form', { name: 'New watchdog rule' });
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form.getByText('Give the rule a name.')).toBeVisible();
  await expect(form.getByText('Choose what the rule watches.')).toBeVisible();
  await form.getByLabel('Name').fill('Reached checkout');
  await form.getByLabel('Rule').selectOption('page_url');
  await form.getByLabel('URL text').fill('/demo/checkout');
  await form.getByLabel('Icon').selectOption('cart');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByTestId('watchdog-row')).toContainText(['Reached checkout']);
  await expect(page.getByTestId('watchdog-row')).toContainText(['Page visited whose URL contains "/demo/checkout"']);

  const [checkout, homeOnly] = await Promise.all([
    recordVisit(browser, cassette, owner, DESKTOP_CHROME, buyAndFail),
    recordVisit(browser, cassette, owner, DESKTOP_CHROME, async (demo) => void (await demo.waitForTimeout(200))),
  ]);

  await page.goto(`${cassette.url}/${owner.projectId}/sessions`);
  const tab = page.getByRole('tab', { name: 'Reached checkout' });
  await expect(tab).toBeVisible({ timeout: 20_000 });
  await expect(page.locator(`[data-session-id="${checkout}"] [data-watchdog]`)).toHaveAttribute('title', 'Reached checkout');
  await expect(page.locator(`[data-session-id="${homeOnly}"] [data-watchdog]`)).toHaveCount(0);
  await tab.click();
  await expect(page).toHaveURL(/tab=watchdog_\d+/);
  await expect.poll(() => page.getByTestId('session-item').evaluateAll((items) => items.map((i) => i.getAttribute('data-session-id')))).toEqual([checkout]);
  await page.screenshot({ path: test.info().outputPath('watchdog-tab.png'), fullPage: true });
});

test('a rule added later applies to earlier sessions once an admin rehydrates them, with progress shown until done', async ({ site: { cassette, owner }, page, browser }) => {
  test.setTimeout(180_000);
  const checkout = await recordVisit(browser, cassette, owner, DESKTOP_CHROME, buyAndFail);
  const rule = await api(cassette, owner, 'POST', `/${owner.projectId}/watchdogs`, { name: 'Checkout before the rule', ruleId: 'page_url', ruleConfig: { value: '/demo/checkout' } });
  const key = `watchdog_${rule.data.watchdogId}`;
  const tabbed = () => api(cassette, owner, 'POST', `/${owner.projectId}/sessions/search2`, { filters: [{ type: 'ISSUE', operator: 'is', value: [key] }] });
  // Recorded before the rule existed: not flagged.
  expect((await tabbed()).data.sessions ?? []).toEqual([]);

  await logIn(page, cassette, owner);
  await page.goto(`${cassette.url}/client/watchdogs`);
  const form = page.getByRole('form', { name: 'New rehydration' });
  await form.getByRole('button', { name: 'Start rehydration' }).click();
  await expect(form.getByText('Give the rehydration a name.')).toBeVisible();
  await form.getByLabel('Name').fill('Apply the checkout rule');
  await form.getByRole('button', { name: 'Start rehydration' }).click();
  await expect(page.getByText(/Rehydration "Apply the checkout rule" started for 1 session/)).toBeVisible();
  const row = page.getByTestId('rehydration-row').filter({ hasText: 'Apply the checkout rule' });
  await expect(row).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(row).toContainText('Done');
  await expect(row).toContainText('1 of 1 sessions');
  await expect(row.getByRole('progressbar', { name: 'Progress of Apply the checkout rule' })).toHaveAttribute('value', '100');

  await page.goto(`${cassette.url}/${owner.projectId}/sessions?tab=${key}`);
  await expect.poll(() => page.getByTestId('session-item').evaluateAll((items) => items.map((i) => i.getAttribute('data-session-id'))), { timeout: 20_000 }).toEqual([checkout]);
  await page.screenshot({ path: test.info().outputPath('rehydration.png'), fullPage: true });
});
