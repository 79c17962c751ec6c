import { expect, type Page } from '@playwright/test';
import { ensureTrackerBuilt } from './support/cassette-server.js';
import { DESKTOP_CHROME, recordVisit, visitPages } from './support/demo-visits.js';
import { logIn } from './support/log-in.js';
import { test } from './support/own-server-test.js';

/**
 * Dashboards in real Chromium: two demo visits are recorded; a dashboard is created, a
 * timeseries metric of two series and a table metric are made on it, and three widgets of the
 * catalogue (a figure, a table, a chart over time) are added and drawn from the visits; the
 * widgets are dragged to swap, and the order survives a reload; a point of the timeseries drills
 * into its sessions, and one opens in the player.
 */

test.beforeAll(() => ensureTrackerBuilt());

const cardNames = (page: Page) => page.getByTestId('widget-card').locator('.cs-widget-card__header [data-field="name"]').allInnerTexts();

async function createMetric(page: Page, name: string, build: () => Promise<void>) {
  await page.getByRole('button', { name: 'Add Metric' }).first().click();
  await page.getByRole('dialog', { name: 'Add Metric' }).getByRole('button', { name: 'Create New Metric' }).click();
  await expect(page.getByTestId('metric-editor')).toBeVisible();
  await page.getByTestId('metric-page').locator('[data-field="metric-name"]').getByText('New Metric').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await build();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Metric created successfully')).toBeVisible();
  await page.getByRole('button', { name: '← Back' }).click();
}

test('a dashboard of a two-series timeseries and a table keeps its dragged order; a point drills into sessions that open in the player', async ({ site: { cassette, owner }, page, browser }) => {
  test.setTimeout(120_000);
  // Independent visits, recorded at once.
  const visits = await Promise.all([
    recordVisit(browser, cassette, owner, DESKTOP_CHROME, visitPages('/demo/product')),
    recordVisit(browser, cassette, owner, DESKTOP_CHROME, visitPages('/demo/checkout')),
  ]);

  await logIn(page, cassette, owner);
  await page.goto(`${cassette.url}/${owner.projectId}/sessions`);
  await page.getByRole('link', { name: 'Dashboards' }).click();
  await expect(page).toHaveURL(new RegExp(`/${owner.projectId}/dashboard$`));

  await test.step('create a dashboard', async () => {
    await page.getByRole('button', { name: 'Create Dashboard' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Dashboard' });
    await dialog.getByLabel('Name').fill('Shop');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Dashboard created successfully')).toBeVisible();
    await expect(page.getByLabel('Dashboard', { exact: true })).toHaveValue(/\d+/);
  });

  await test.step('a timeseries of two series and a table metric', async () => {
    await createMetric(page, 'Visits', async () => {
      await page.getByRole('button', { name: 'Add Series' }).click();
      await expect(page.getByTestId('series')).toHaveCount(2);
    });
    await expect.poll(() => cardNames(page)).toEqual(['Visits']);
    await createMetric(page, 'Browsers', async () => {
      await page.getByTestId('metric-editor').getByLabel('Type', { exact: true }).selectOption('table');
      await page.getByTestId('metric-editor').getByLabel('Of', { exact: true }).selectOption('browsers');
    });
    await expect.poll(() => cardNames(page)).toEqual(['Visits', 'Browsers']);
  });

  await test.step('three widgets of the catalogue, drawn from the visits', async () => {
    for (const name of ['Captured Sessions', 'Sessions per Browser', 'Sessions Affected by JS Errors']) {
      await page.getByRole('button', { name: 'Add Metric' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add Metric' });
      await dialog.getByRole('tab', { name: 'Catalogue' }).click();
      await dialog.getByRole('button', { name: `Add ${name}`, exact: true }).click();
      await expect(page.getByText('Widget added successfully').last()).toBeVisible();
      await expect(dialog).toBeHidden();
    }
    await expect.poll(() => cardNames(page)).toEqual(['Visits', 'Browsers', 'Captured Sessions', 'Sessions per Browser', 'Sessions Affected by JS Errors']);
    const card = (name: string) => page.getByTestId('widget-card').filter({ has: page.locator('.cs-widget-card__header [data-field="name"]', { hasText: name }) });
    await expect(card('Captured Sessions').getByTestId('catalogue-overview').locator('[data-field="value"]')).toHaveText(/^2(\D|$)/, { timeout: 15_000 });
    await expect(card('Sessions per Browser').getByTestId('metric-table-row').first()).toContainText('Chrome');
    await expect(card('Sessions Affected by JS Errors').getByTestId('catalogue-timeseries')).toBeVisible();
  });

  await test.step('drag Browsers onto Visits: they swap, and stay swapped after a reload', async () => {
    const from = page.getByRole('button', { name: 'Move Browsers' });
    const to = page.getByTestId('widget-card').first();
    const a = (await from.boundingBox())!;
    const b = (await to.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + 20, a.y + 10, { steps: 5 });
    await page.mouse.move(b.x + b.width / 3, b.y + b.height / 2, { steps: 15 });
    await page.mouse.up();
    await expect(page.getByText('Widget position updated')).toBeVisible();
    const swapped = ['Browsers', 'Visits', 'Captured Sessions', 'Sessions per Browser', 'Sessions Affected by JS Errors'];
    await expect.poll(() => cardNames(page)).toEqual(swapped);
    await page.reload();
    await expect.poll(() => cardNames(page), { timeout: 15_000 }).toEqual(swapped);
  });

  await test.step("a point of the chart lists its sessions; one opens in the player", async () => {
    await page.getByTestId('widget-card').locator('.cs-widget-card__header [data-field="name"]', { hasText: 'Visits' }).click();
    await expect(page.getByTestId('metric-page')).toBeVisible();
    const points = page.getByTestId('metric-trend').locator('.highcharts-markers.highcharts-series-0 .highcharts-point');
    await expect(points.first()).toBeAttached({ timeout: 15_000 });
    // The highest point (smallest y on screen) is the bucket holding the visits.
    const boxes = await points.evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect()).map((r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 })));
    const highest = boxes.reduce((best, box) => (box.y < best.y ? box : best));
    // Highcharts clicks the point the pointer hovers: move onto it, then click there.
    await page.mouse.move(highest.x, highest.y - 20);
    await page.mouse.move(highest.x, highest.y, { steps: 5 });
    await page.mouse.click(highest.x, highest.y);
    await expect(page.locator('[data-field="drill"]')).toContainText('Only the clicked point');
    const item = page.getByTestId('metric-sessions').getByTestId('session-item').first();
    await expect(item).toBeVisible({ timeout: 15_000 });
    await item.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/${owner.projectId}/session/(${visits.join('|')})`));
  });
});
