import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, type Browser, type Page } from '@playwright/test';
import { SOURCEMAPS_MISSING_TEXT } from '@cassette/plugin-errors/api';
import { CassetteServer, ensureTrackerBuilt, REPO_ROOT, type Owner } from './support/cassette-server.js';
import { ensureCliBuilt, ensureDemoBuilt } from '../../scripts/setup.mjs';
import { logIn } from './support/log-in.js';
import { endedSession, sessionIdOn, test } from './support/own-server-test.js';

/**
 * Error tracking in real Chromium: the demo shop's minified bundle throws; the error shows a
 * minified stack until the CLI uploads the bundle's source map, then the original file, line
 * and function (the CLI downloaded from the server, as a build pipeline does). Thrown again it groups into the same error; resolved, it leaves the unresolved
 * list until a new occurrence reopens it; its session opens in the player at the error.
 */

test.beforeAll(() => {
  ensureTrackerBuilt();
  ensureDemoBuilt();
  ensureCliBuilt();
});

const run = promisify(execFile);
const RELEASE = 'grounded-coffee@1.0.0';
const DEMO_DIST = join(REPO_ROOT, 'plugins', 'demo', 'site', 'dist');

/** A visit of the demo shop that applies an unknown coupon a few seconds in; its session id and when it threw (epoch ms). */
async function visitThatThrows(browser: Browser, cassette: CassetteServer, owner: Owner): Promise<{ sessionId: string; thrownAt: number }> {
  const context = await browser.newContext();
  try {
    const demo = await context.newPage();
    await demo.goto(`${cassette.url}/demo/product?key=${owner.projectKey}`);
    const sessionId = await sessionIdOn(demo);
    // Seconds into the session, so "the player opens at the error" is not simply its start.
    await demo.waitForTimeout(2500);
    const thrown = demo.waitForEvent('pageerror');
    await demo.getByRole('button', { name: 'Apply an unknown coupon' }).click();
    const pageError = await thrown;
    expect(pageError.message).toContain("reading 'percent'");
    const thrownAt = Date.now();
    await demo.waitForTimeout(300);
    await demo.evaluate(async () => {
      await (window as unknown as { cassetteDemoTracker: { stop(): Promise<void> } }).cassetteDemoTracker.stop();
    });
    await endedSession(cassette, owner, sessionId);
    return { sessionId, thrownAt };
  } finally {
    await context.close();
  }
}

/** The organization API key an admin reads in Preferences › Account. */
async function apiKeyOf(cassette: CassetteServer, owner: Owner): Promise<string> {
  const response = await fetch(`${cassette.url}/api/client`, { headers: { Authorization: `Bearer ${owner.jwt}` } });
  const { data } = (await response.json()) as { data: { apiKey: string } };
  expect(data.apiKey).toBeTruthy();
  return data.apiKey;
}

async function openList(page: Page, cassette: CassetteServer, owner: Owner, status: 'unresolved' | 'resolved') {
  await page.goto(`${cassette.url}/${owner.projectId}/errors${status === 'unresolved' ? '' : `?view=${status}`}`);
  await expect(page.getByRole('heading', { name: 'Errors' }).first()).toBeVisible();
}

test('a minified error is mapped once the CLI uploads its source map, grouped, resolved, reopened and replayed', async ({ site: { cassette, owner }, page, browser }) => {
  test.setTimeout(240_000);
  const first = await visitThatThrows(browser, cassette, owner);
  await logIn(page, cassette, owner);

  let errorId = '';
  await test.step('the error is listed and its stack is minified, with the source-map warning', async () => {
    await openList(page, cassette, owner, 'unresolved');
    const item = page.getByTestId('error-item');
    await expect(item).toHaveCount(1, { timeout: 20_000 });
    await expect(item).toContainText('TypeError');
    await expect(item).toContainText("Cannot read properties of undefined (reading 'percent')");
    errorId = (await item.getAttribute('data-error-id'))!;
    await item.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/${owner.projectId}/errors/${errorId}$`));
    await expect(page.getByTestId('sourcemaps-missing')).toContainText(SOURCEMAPS_MISSING_TEXT);
    await expect(page.getByTestId('stack-frame').first()).toContainText('shop.min.js');
    await expect(page.getByTestId('stack-frame').first()).not.toContainText('discountFor');
  });

  await test.step('the CLI, downloaded from the server as a pipeline would, uploads the source map with the API key', async () => {
    const pipeline = mkdtempSync(join(tmpdir(), 'cassette-pipeline-'));
    const cli = join(pipeline, 'cassette.mjs');
    writeFileSync(cli, await (await fetch(`${cassette.url}/cli/cassette.mjs`)).text());
    const { stdout } = await run(process.execPath, [cli, 'sourcemaps', 'upload', '--project-key', owner.projectKey, '--release', RELEASE, '--url-prefix', 'demo/dist/', DEMO_DIST], {
      cwd: pipeline,
      env: { ...process.env, CASSETTE_URL: cassette.url, CASSETTE_API_KEY: await apiKeyOf(cassette, owner) },
    });
    expect(stdout).toContain('demo/dist/shop.min.js');
  });

  await test.step('the stack now shows the original file, line and function, with its code', async () => {
    await page.reload();
    const top = page.getByTestId('stack-frame').first();
    await expect(top).toHaveAttribute('data-mapped', 'true');
    await expect(top).toContainText('discountFor');
    await expect(top).toContainText(/site-src\/pricing\.ts:16:\d+/);
    await expect(top.locator('[aria-current="true"]')).toContainText('coupon!.percent');
    await expect(page.getByTestId('sourcemaps-missing')).toHaveCount(0);
    await page.getByRole('group', { name: 'Stack view' }).getByRole('button', { name: 'RAW' }).click();
    await expect(page.getByTestId('stack-raw')).toContainText('shop.min.js');
  });

  await test.step('the same exception in another visit groups into the same error', async () => {
    await visitThatThrows(browser, cassette, owner);
    await openList(page, cassette, owner, 'unresolved');
    const item = page.getByTestId('error-item');
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAttribute('data-error-id', errorId);
    await expect(item.locator('[data-field="sessions"]')).toHaveText('2');
  });

  await test.step('resolving it moves it out of the unresolved list', async () => {
    await page.goto(`${cassette.url}/${owner.projectId}/errors/${errorId}`);
    await page.getByTestId('status-actions').getByRole('button', { name: 'Resolve', exact: true }).click();
    await expect(page.getByTestId('error-status')).toHaveText('Resolved');
    await openList(page, cassette, owner, 'unresolved');
    await expect(page.getByTestId('error-item')).toHaveCount(0);
    await openList(page, cassette, owner, 'resolved');
    await expect(page.getByTestId('error-item')).toHaveAttribute('data-error-id', errorId);
  });

  await test.step('a new occurrence reopens it', async () => {
    await visitThatThrows(browser, cassette, owner);
    await openList(page, cassette, owner, 'unresolved');
    await expect(page.getByTestId('error-item')).toHaveAttribute('data-error-id', errorId);
    await expect(page.getByTestId('error-item').locator('[data-field="sessions"]')).toHaveText('3');
  });

  await test.step('a session of the error opens in the player at the moment of the error', async () => {
    await page.goto(`${cassette.url}/${owner.projectId}/errors/${errorId}`);
    const firstSession = page.getByTestId('error-session').filter({ has: page.locator(`a[href*="/session/${first.sessionId}?"]`) });
    await firstSession.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/session/${first.sessionId}\\?jumpto=\\d+`));
    const jumpto = Number(new URL(page.url()).searchParams.get('jumpto'));
    expect(Math.abs(jumpto - first.thrownAt)).toBeLessThan(5_000);
    const track = page.getByTestId('player-timeline-track');
    await expect(track).toBeVisible({ timeout: 20_000 });
    // Opened at the error, which happened seconds into the visit, not at the start.
    await expect.poll(async () => Number(await track.getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThanOrEqual(2_000);
    await expect(page.getByTestId('session-player')).not.toHaveAttribute('data-player-state', 'playing');
  });
});
