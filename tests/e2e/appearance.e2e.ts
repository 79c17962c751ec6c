import { expect, type Page } from '@playwright/test';
import { logIn } from './support/log-in.js';
import { test } from './support/own-server-test.js';

/**
 * Appearance in real Chromium: a dashboard holds a custom metric and two catalogue widgets; the
 * member picks the Product Owner preset under Preferences › Account, and the dashboard leaves
 * out the widget that preset hides, says so, and shows it marked on request. Turning its flag
 * back on (the preset becomes Custom) brings it back for good. The preset's tests flag takes
 * the Tests entry out of the top bar.
 */

const cardNames = (page: Page) => page.getByTestId('widget-card').locator('.cs-widget-card__header [data-field="name"]').allInnerTexts();

test("a member's appearance hides the catalogue widgets its preset turns off, and shows them on request", async ({ site: { cassette, owner }, page }) => {
  test.setTimeout(120_000);
  await logIn(page, cassette, owner);
  await page.goto(`${cassette.url}/${owner.projectId}/dashboard`);
  const testsLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tests', exact: true });
  await expect(testsLink).toBeVisible();

  await page.getByRole('button', { name: 'Create Dashboard' }).first().click();
  await page.getByRole('dialog', { name: 'Create Dashboard' }).getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Dashboard created successfully')).toBeVisible();
  for (const name of ['Captured Sessions', 'Image Load Time']) {
    await page.getByRole('button', { name: 'Add Metric' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Metric' });
    await dialog.getByRole('tab', { name: 'Catalogue' }).click();
    await dialog.getByRole('button', { name: `Add ${name}`, exact: true }).click();
    await expect(dialog).toBeHidden();
  }
  await expect.poll(() => cardNames(page)).toEqual(['Captured Sessions', 'Image Load Time']);
  await expect(page.getByTestId('hidden-widgets')).toHaveCount(0);

  await page.goto(`${cassette.url}/client/account`);
  const appearance = page.getByTestId('appearance');
  await appearance.getByLabel('Role preset').selectOption('po');
  await expect(appearance.getByLabel('Image Load Time')).not.toBeChecked();
  await appearance.getByRole('button', { name: 'Save Appearance' }).click();
  await expect(page.getByText('Appearance saved')).toBeVisible();

  await page.goto(`${cassette.url}/${owner.projectId}/dashboard`);
  await expect.poll(() => cardNames(page)).toEqual(['Captured Sessions']);
  // The preset has no tests either: their entry leaves the top bar.
  await expect(testsLink).toHaveCount(0);
  const notice = page.getByTestId('hidden-widgets');
  await expect(notice).toContainText('1 catalogue widget hidden by your appearance (Product Owner).');
  await notice.getByRole('button', { name: 'Show them' }).click();
  await expect.poll(() => cardNames(page)).toEqual(['Captured Sessions', 'Image Load Time']);
  await expect(page.getByTestId('widget-card').nth(1).getByTestId('hidden-by-appearance')).toHaveText('Hidden by your appearance');

  await notice.getByRole('link', { name: 'Change appearance' }).click();
  await expect(page).toHaveURL(/\/client\/account$/);
  await page.getByTestId('appearance').getByLabel('Image Load Time').check();
  await expect(page.getByTestId('appearance').getByLabel('Role preset')).toHaveValue('CUSTOM');
  await page.getByTestId('appearance').getByRole('button', { name: 'Save Appearance' }).click();
  await expect(page.getByText('Appearance saved')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('appearance').getByLabel('Role preset')).toHaveValue('CUSTOM');

  await page.goto(`${cassette.url}/${owner.projectId}/dashboard`);
  await expect.poll(() => cardNames(page)).toEqual(['Captured Sessions', 'Image Load Time']);
  await expect(page.getByTestId('hidden-widgets')).toHaveCount(0);

  // The worker's other journeys act as the same owner: give back what the Product Owner preset turned off.
  const restored = await page.request.post(`${cassette.url}/api/account/appearance`, {
    headers: { Authorization: `Bearer ${owner.jwt}` },
    data: { appearance: { role: 'CUSTOM', sessionsLive: true, sessionsDevtools: true, tests: true, runs: true, dashboard: { impacted_sessions_by_js_errors: true, avg_image_load_time: true } } },
  });
  expect(restored.status(), await restored.text()).toBe(200);
});
