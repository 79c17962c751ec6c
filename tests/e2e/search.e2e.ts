import { expect } from '@playwright/test';
import { ensureTrackerBuilt } from './support/cassette-server.js';
import { buyAndFail, DESKTOP_CHROME, MOBILE_CHROME, recordVisit, visitPages } from './support/demo-visits.js';
import { addValue, listed, pick } from './support/filter-bar.js';
import { logIn } from './support/log-in.js';
import { sessionIdOn, test } from './support/own-server-test.js';

/**
 * Searching sessions in real Chromium: visits recorded on the demo shop along different paths
 * are told apart by a three-step sequence and two attributes built in the filter bar; the
 * search is saved, and after a reload applying it again finds the same session.
 */

test.beforeAll(() => ensureTrackerBuilt());

test('a sequence of steps and attributes narrows the list; the saved search finds the same after a reload', async ({ site: { cassette, owner }, page, browser }) => {
  test.setTimeout(240_000);

  // The visits are independent: recorded at once, in browsers of their own.
  const [failedOrder, browsedOnly, clickedNoFailure, failedOnMobile] = await Promise.all([
    recordVisit(browser, cassette, owner, DESKTOP_CHROME, buyAndFail),
    recordVisit(browser, cassette, owner, DESKTOP_CHROME, visitPages('/demo/product', '/demo/checkout')),
    recordVisit(browser, cassette, owner, DESKTOP_CHROME, async (demo) => {
      await demo.goto(`${cassette.url}/demo/product`);
      await sessionIdOn(demo);
      await demo.getByRole('button', { name: 'Zoom the picture' }).click();
      await demo.getByRole('button', { name: 'Add to wishlist' }).click();
    }),
    recordVisit(browser, cassette, owner, MOBILE_CHROME, buyAndFail),
  ]);
  const all = [failedOrder, browsedOnly, clickedNoFailure, failedOnMobile].sort();

  await logIn(page, cassette, owner);
  await page.goto(`${cassette.url}/${owner.projectId}/sessions`);
  await expect(page.getByText('Showing 4 of 4')).toBeVisible({ timeout: 20_000 });

  await test.step('step 1: visited the product page (every visit did)', async () => {
    await pick(page, 'add-step', 'Visited URL');
    await addValue(page, 'Visited URL', '/demo/product');
    await expect.poll(() => listed(page)).toEqual(all);
  });

  await test.step('step 2: then clicked the picture', async () => {
    await pick(page, 'add-step', 'Click');
    await addValue(page, 'Click', 'Zoom the picture');
    await expect.poll(() => listed(page)).toEqual([failedOrder, clickedNoFailure, failedOnMobile].sort());
  });

  await test.step('step 3: then a network request answered with a status of 400 or more', async () => {
    await pick(page, 'add-step', 'Network Request');
    await page.getByLabel('Add a condition to Network Request').selectOption('FETCH_STATUS_CODE');
    await page.getByLabel('Status Code operator').selectOption('>=');
    await page.getByLabel('Status Code value').fill('400');
    await expect.poll(() => listed(page)).toEqual([failedOrder, failedOnMobile].sort());
    await expect(page.getByTestId('event-step')).toHaveCount(3);
    await expect(page.getByRole('radiogroup', { name: 'Events order' })).toBeVisible();
  });

  await test.step('attributes: Chrome on a desktop', async () => {
    await pick(page, 'add-filter', 'User Browser');
    await addValue(page, 'User Browser', 'Chrome');
    await expect.poll(() => listed(page)).toEqual([failedOrder, failedOnMobile].sort());
    await pick(page, 'add-filter', 'Platform');
    await page.getByRole('button', { name: 'Platform value' }).click();
    await page.getByRole('checkbox', { name: 'Desktop' }).check();
    await page.keyboard.press('Escape');
    await expect.poll(() => listed(page)).toEqual([failedOrder]);
    await expect(page.getByText('Showing 1 of 1')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('search-built.png'), fullPage: true });
  });

  await test.step('the order of the steps matters with "then"', async () => {
    await page.getByRole('button', { name: 'Move step 3 up' }).click();
    await page.getByRole('button', { name: 'Move step 2 up' }).click();
    // The failing request came after the product page: as the first step nothing follows it.
    await expect(page.getByText('No recordings found')).toBeVisible();
    expect(await listed(page)).toEqual([]);
    await page.getByRole('radio', { name: 'and' }).click();
    await expect.poll(() => listed(page)).toEqual([failedOrder]);
    await page.getByRole('radio', { name: 'then' }).click();
    await page.getByRole('button', { name: 'Move step 1 down' }).click();
    await page.getByRole('button', { name: 'Move step 2 down' }).click();
    await expect.poll(() => listed(page)).toEqual([failedOrder]);
  });

  await test.step('save the search', async () => {
    await page.getByTestId('save-search').click();
    const dialog = page.getByRole('dialog', { name: 'Save Search' });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog.getByText('Enter a name for this search.')).toBeVisible();
    await dialog.getByLabel('Name').fill('  Failed orders on desktop Chrome  ');
    await dialog.getByLabel('Share with team').check();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('active-saved-search')).toContainText('Failed orders on desktop Chrome');
  });

  await test.step('after a reload, clearing shows every visit and applying the saved search finds the same one', async () => {
    await page.reload();
    await expect.poll(() => listed(page), { timeout: 20_000 }).toEqual([failedOrder]);
    await expect(page.getByTestId('active-saved-search')).toContainText('Failed orders on desktop Chrome');
    await page.getByRole('button', { name: 'Clear saved search Failed orders on desktop Chrome' }).click();
    await expect.poll(() => listed(page)).toEqual(all);
    await expect(page.getByTestId('event-step')).toHaveCount(0);

    await page.getByTestId('saved-searches-button').click();
    const entry = page.getByTestId('saved-search').filter({ hasText: 'Failed orders on desktop Chrome' });
    await expect(entry).toContainText('Shared with team');
    await entry.getByRole('button', { name: /^Failed orders on desktop Chrome/ }).click();
    await expect.poll(() => listed(page)).toEqual([failedOrder]);
    await expect(page.getByTestId('event-step')).toHaveCount(3);
    await expect(page.getByTestId('filter-attribute')).toHaveCount(2);
    await page.screenshot({ path: test.info().outputPath('saved-search-applied.png'), fullPage: true });
  });
});
