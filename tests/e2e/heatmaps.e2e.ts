import { expect } from '@playwright/test';
import { ensureTrackerBuilt } from './support/cassette-server.js';
import { DESKTOP_CHROME, recordVisit } from './support/demo-visits.js';
import { logIn } from './support/log-in.js';
import { serverForThisFile, test } from './support/own-server-test.js';

/**
 * Heatmaps and targets, in real Chromium: clicks recorded on the demo shop are drawn on a replay
 * of its page with the rage clicks marked; an element picked in the player's inspector becomes a
 * target, and the target filters the session search by the clicks on it.
 */

test.beforeAll(() => ensureTrackerBuilt());
const shared = serverForThisFile();

test('the heatmap of a page shows its clicks and rage clicks on a replay of it', async ({ page, browser }) => {
  const cassette = shared.server();
  const owner = shared.owner();
  const sessionId = await recordVisit(browser, cassette, owner, DESKTOP_CHROME, async (demo) => {
    const add = demo.getByRole('button', { name: 'Add to cart' }).first();
    await add.click();
    const box = (await add.boundingBox())!;
    // A rage click: four clicks far less than 300 ms apart.
    for (let i = 0; i < 4; i++) await demo.mouse.click(box.x + 10, box.y + box.height / 2);
    await demo.mouse.wheel(0, 400);
  });

  await logIn(page, cassette, owner);
  await page.goto(`${cassette.url}/${owner.projectId}/sessions`);
  const item = page.locator(`[data-testid="session-item"][data-session-id="${sessionId}"]`);
  await expect(item).toBeVisible({ timeout: 20_000 });
  await item.getByRole('link', { name: 'Heatmap' }).click();

  const bar = page.getByTestId('heatmap-bar');
  await expect(bar).toContainText('Heatmap of /demo/');
  await expect(page.getByTestId('heatmap-counts')).toContainText(/1 visit · 5 clicks · 1 rage click/, { timeout: 20_000 });
  await expect(page.getByTestId('heatmap-counts')).toContainText(/Scroll: \d+% saw half the page/);
  // The click spots are drawn on the replayed page, and the rage click is marked on its button.
  await expect.poll(async () => Number(await page.getByTestId('heatmap-canvas').getAttribute('data-clicks-drawn')), { timeout: 20_000 }).toBeGreaterThan(0);
  await expect(page.locator('[data-testid="heatmap-mark"][data-type="click_rage"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="heatmap-mark"][data-type="click_rage"]')).toHaveAttribute('title', /Rage clicks ×1 on /);

  await bar.getByRole('button', { name: 'Close heatmap' }).click();
  await expect(page.getByTestId('heatmap-layer')).toHaveCount(0);
});
