import { expect } from '@playwright/test';
import { ensureTrackerBuilt } from './support/cassette-server.js';
import { DESKTOP_CHROME, recordVisit } from './support/demo-visits.js';
import { listed, pick } from './support/filter-bar.js';
import { logIn } from './support/log-in.js';
import { serverForThisFile, test } from './support/own-server-test.js';

/**
 * Heatmaps and targets, in real Chromium: clicks recorded on the demo shop are drawn on a replay
 * of its page with the rage clicks marked; an element picked in the player's inspector becomes a
 * target, and the target filters the session search by the clicks on it.
 */

test.beforeAll(() => ensureTrackerBuilt());
const shared = Object.assign(serverForThisFile(), { visit: undefined as string | undefined });

test('the heatmap of a page shows its clicks and rage clicks on a replay of it', async ({ page, browser }) => {
  const cassette = shared.server();
  const owner = shared.owner();
  const sessionId = await recordVisit(browser, cassette, owner, DESKTOP_CHROME, async (demo) => {
    // The first product's button (its text turns to "Added" at the first click), clicked five times
    // far less than 300 ms apart: a rage click.
    const box = (await demo.getByRole('button', { name: 'Add to cart' }).first().boundingBox())!;
    for (let i = 0; i < 5; i++) await demo.mouse.click(box.x + 10, box.y + box.height / 2);
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
  await page.screenshot({ path: test.info().outputPath('heatmap.png') });

  await bar.getByRole('button', { name: 'Close heatmap' }).click();
  await expect(page.getByTestId('heatmap-layer')).toHaveCount(0);
  shared.visit = sessionId;
});

test('an element named in the inspector becomes a target that filters the search by its clicks', async ({ page }) => {
  const cassette = shared.server();
  const owner = shared.owner();
  const sessionId = shared.visit!;
  await logIn(page, cassette, owner);
  await page.goto(`${cassette.url}/${owner.projectId}/session/${sessionId}`);
  await expect(page.getByTestId('session-player')).toHaveAttribute('data-player-state', /ready|paused|ended/, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Targets' }).click();
  const bar = page.getByTestId('target-bar');
  await expect(bar.getByTestId('target-defined')).toContainText('Defined: 0% of 5 clicks', { timeout: 20_000 });

  await test.step('inspector mode: point at the button in the replay and name it', async () => {
    await bar.getByRole('button', { name: 'Inspector' }).click();
    // Where the replayed button is on the screen: the replay is scaled to fit the player.
    const spot = await page.evaluate(() => {
      const iframe = document.querySelector<HTMLIFrameElement>('[data-testid="player-replay"] iframe')!;
      const button = Array.from(iframe.contentDocument!.querySelectorAll('button')).find((b) => b.textContent?.trim() === 'Add to cart')!;
      const frame = iframe.getBoundingClientRect();
      const scale = frame.width / iframe.offsetWidth;
      const box = button.getBoundingClientRect();
      return { x: frame.left + (box.left + box.width / 2) * scale, y: frame.top + (box.top + box.height / 2) * scale };
    });
    await page.mouse.move(spot.x, spot.y);
    await expect(page.getByTestId('target-hovered')).toBeVisible();
    await page.mouse.click(spot.x, spot.y);
    const name = bar.getByRole('textbox', { name: 'Target name' });
    await expect(name).toHaveValue('Add to cart');
    await name.fill('Add to cart button');
    await bar.getByRole('button', { name: 'Save target' }).click();
  });

  await test.step('the target is outlined on the page, and every click of the page hit it', async () => {
    await expect(page.getByTestId('target-box')).toContainText('Add to cart button');
    await expect(bar.getByTestId('target-defined')).toContainText('Defined: 100% of 5 clicks');
    await page.screenshot({ path: test.info().outputPath('target.png') });
    await bar.getByRole('button', { name: 'Hide targets' }).click();
    await expect(page.getByTestId('target-box')).toHaveCount(0);
    await bar.getByRole('button', { name: 'Show targets' }).click();
    await expect(page.getByTestId('target-box')).toHaveCount(1);
  });

  await test.step('the search finds the sessions that clicked the target', async () => {
    await page.goto(`${cassette.url}/${owner.projectId}/sessions`);
    await expect(page.getByTestId('session-item')).toHaveCount(1, { timeout: 20_000 });
    await pick(page, 'add-step', 'Click');
    await page.getByLabel('Click operator').selectOption('onSelector');
    await page.getByRole('combobox', { name: 'Click value' }).fill('Add');
    await page.getByRole('option', { name: /Target: Add to cart button/ }).click();
    await expect.poll(() => listed(page)).toEqual([sessionId]);
  });

  // Restore: the file's project keeps no target.
  const headers = { Authorization: `Bearer ${owner.jwt}`, 'Content-Type': 'application/json' };
  const list = (await (await fetch(`${cassette.url}/api/${owner.projectId}/targets_temp`, { headers })).json()) as { data: { targets: { targetId: number }[] } };
  for (const t of list.data.targets) await fetch(`${cassette.url}/api/${owner.projectId}/targets_temp`, { method: 'POST', headers, body: JSON.stringify({ targetId: t.targetId, remove: true }) });
});
