import { expect, type Locator, type Page } from '@playwright/test';
import { ensureTrackerBuilt } from './support/cassette-server.js';
import { buyAndFail, DESKTOP_CHROME, recordVisit, visitPages } from './support/demo-visits.js';
import { listed } from './support/filter-bar.js';
import { logIn } from './support/log-in.js';
import { sessionIdOn, test } from './support/own-server-test.js';

/**
 * A funnel in real Chromium: visits of the demo shop go through the checkout or leave at
 * different steps; the funnel is started from the sessions list (its blank steps filled in the
 * filter bar), saved, and opened; its stage counts are read, two stages picked, a step removed
 * on the funnel page and saved with Modify, and the sessions that dropped between two stages
 * opened in the player.
 */

test.beforeAll(() => ensureTrackerBuilt());

/** Types a value into the n-th step of the filter bar (steps of the same kind share a label). */
async function fillStep(page: Page, index: number, label: string, value: string) {
  const step = page.getByTestId('event-step').nth(index);
  await expect(step).toHaveAttribute('data-filter-type', label === 'Click' ? 'CLICK' : 'LOCATION');
  const input = step.getByRole('combobox', { name: `${label} value` });
  await input.fill(value);
  await input.press('Enter');
  await expect(step.getByTestId('filter-value-chip').filter({ hasText: value })).toBeVisible();
  await input.press('Escape');
}

const stage = (page: Page, n: number): Locator => page.locator(`[data-testid="funnel-stage"][data-stage="${n}"]`);

/** The stage's session count as shown ("4 sessions"). */
async function stageSessions(page: Page, n: number): Promise<string> {
  return (await stage(page, n).locator('[data-field="sessions"]').innerText()).replace(/\s+/g, ' ').trim();
}

test('a funnel made from the search counts the checkout steps; the sessions that dropped between two picked steps open in the player', async ({ site: { cassette, owner }, page, browser }) => {
  test.setTimeout(240_000);

  // The visits are independent: recorded at once, in browsers of their own.
  const [orderedAndFailed, ordered, leftAtCheckout, leftAtProduct] = await Promise.all([
    recordVisit(browser, cassette, owner, DESKTOP_CHROME, buyAndFail),
    recordVisit(browser, cassette, owner, DESKTOP_CHROME, async (demo) => {
      await demo.goto(`${cassette.url}/demo/product`);
      await sessionIdOn(demo);
      await demo.goto(`${cassette.url}/demo/checkout`);
      await sessionIdOn(demo);
      await demo.getByRole('button', { name: 'Place order' }).click();
    }),
    recordVisit(browser, cassette, owner, DESKTOP_CHROME, visitPages('/demo/product', '/demo/checkout')),
    recordVisit(browser, cassette, owner, DESKTOP_CHROME, visitPages('/demo/product')),
    // Never reaches the first step: not in the funnel at all.
    recordVisit(browser, cassette, owner, DESKTOP_CHROME, async () => {}),
  ]);

  await logIn(page, cassette, owner);
  await page.goto(`${cassette.url}/${owner.projectId}/sessions`);
  await expect(page.getByText('Showing 5 of 5')).toBeVisible({ timeout: 20_000 });
  const block = page.getByTestId('funnels-block');
  await expect(block.getByTestId('funnels-empty')).toBeVisible();

  await test.step('the plus button starts a funnel with blank steps, filled in the filter bar', async () => {
    await block.getByRole('button', { name: 'Create a funnel' }).click();
    await expect(page.getByTestId('event-step')).toHaveCount(3);
    await fillStep(page, 0, 'Visited URL', '/demo/product');
    await fillStep(page, 1, 'Visited URL', '/demo/checkout');
    await fillStep(page, 2, 'Click', 'Place order');
    await expect.poll(() => listed(page)).toEqual([orderedAndFailed, ordered].sort());
  });

  await test.step('the plus button now saves the search as a funnel', async () => {
    await block.getByRole('button', { name: 'Create a funnel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save Funnel' });
    await expect(dialog.getByLabel('Name')).toHaveValue('Untitled');
    await dialog.getByLabel('Name').fill('   ');
    await expect(dialog.getByTestId('save-funnel-submit')).toBeDisabled();
    await dialog.getByLabel('Name').fill('Checkout');
    await dialog.getByLabel('Shared with team').check();
    await dialog.getByTestId('save-funnel-submit').click();
    await expect(dialog).toHaveCount(0);
    await expect(block.getByTestId('funnel-item')).toHaveCount(1);
    await expect(block.getByTestId('funnel-item')).toContainText('Checkout');
  });

  await test.step('the funnel page counts each step', async () => {
    await block.getByRole('link', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(new RegExp(`/${owner.projectId}/funnels/\\d+`));
    await expect(page.getByTestId('funnel-stage')).toHaveCount(3, { timeout: 20_000 });
    await expect(stage(page, 1).locator('[data-field="header"]')).toHaveText('Visited URL is /demo/product');
    await expect(stage(page, 3).locator('[data-field="header"]')).toHaveText('Clicked on Place order');
    await expect.poll(() => stageSessions(page, 1)).toBe('4 sessions');
    expect(await stageSessions(page, 2)).toBe('3 sessions');
    expect(await stageSessions(page, 3)).toBe('2 sessions');
    await page.screenshot({ path: test.info().outputPath('funnel.png'), fullPage: true });
  });

  await test.step('picking two steps shows who dropped between them', async () => {
    await page.getByRole('button', { name: 'Pick Step 1' }).click();
    await page.getByRole('button', { name: 'Pick Step 2' }).click();
    await expect(page.locator('[data-field="selection"]')).toHaveText('Figures and issues between Step 1 and Step 2.');
    await page.getByRole('radiogroup', { name: 'Sessions' }).getByRole('radio', { name: 'Dropped' }).click();
    await expect.poll(() => listed(page)).toEqual([leftAtProduct]);
    await page.getByRole('radiogroup', { name: 'Sessions' }).getByRole('radio', { name: 'Converted' }).click();
    await expect.poll(() => listed(page)).toEqual([orderedAndFailed, ordered, leftAtCheckout].sort());
  });

  await test.step("a changed step re-counts the funnel; Modify keeps it over a reload", async () => {
    const api = `${cassette.url}/api${new URL(page.url()).pathname}`;
    const headers = { Authorization: `Bearer ${owner.jwt}` };
    const { filter } = (await (await page.request.get(api, { headers })).json()).data;
    // Without the product page as a first step, the funnel starts at checkout.
    await page.getByRole('button', { name: 'Remove step 1 (Visited URL)' }).click();
    await expect(stage(page, 1).locator('[data-field="header"]')).toHaveText('Visited URL is /demo/checkout', { timeout: 20_000 });
    await expect.poll(() => stageSessions(page, 1)).toBe('3 sessions');
    await page.getByTestId('funnel-filter-changes').getByRole('button', { name: 'Modify' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modify Funnel' });
    await dialog.getByTestId('save-funnel-submit').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('funnel-filter-changes')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('funnel-stage')).toHaveCount(2, { timeout: 20_000 });
    await expect.poll(() => stageSessions(page, 1)).toBe('3 sessions');
    // The funnel as it was, for the steps below.
    expect((await page.request.post(api, { headers, data: { filter } })).status()).toBe(200);
    await page.reload();
    await expect.poll(() => stageSessions(page, 1)).toBe('4 sessions');
  });

  await test.step('a dropped session opens in the player', async () => {
    await page.getByRole('radiogroup', { name: 'Sessions' }).getByRole('radio', { name: 'Dropped' }).click();
    await expect.poll(() => listed(page)).toEqual([leftAtProduct]);
    await page.getByTestId('session-item').first().getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/${owner.projectId}/session/${leftAtProduct}`));
  });
});
