import { expect, type Browser, type Page } from '@playwright/test';
import type { CassetteServer, Owner } from './cassette-server.js';
import { endedSession, sessionIdOn } from './own-server-test.js';

export const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
export const MOBILE_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

/** One visit of the demo shop in a browser of its own, ended by the tracker; its session id. */
export async function recordVisit(browser: Browser, cassette: CassetteServer, owner: Owner, userAgent: string, visit: (demo: Page) => Promise<void>): Promise<string> {
  const context = await browser.newContext({ userAgent, viewport: userAgent === MOBILE_CHROME ? { width: 412, height: 900 } : { width: 1280, height: 800 } });
  try {
    const demo = await context.newPage();
    await demo.goto(`${cassette.url}/demo/?key=${owner.projectKey}`);
    const sessionId = await sessionIdOn(demo);
    await visit(demo);
    await demo.waitForTimeout(300);
    await demo.evaluate(async () => {
      await (window as unknown as { cassetteDemoTracker: { stop(): Promise<void> } }).cassetteDemoTracker.stop();
    });
    await endedSession(cassette, owner, sessionId);
    return sessionId;
  } finally {
    await context.close();
  }
}

/** A visit that opens these pages of the demo shop in turn ('/demo/product', ...), each once the tracker runs on it. */
export function visitPages(...paths: string[]): (demo: Page) => Promise<void> {
  return async (demo) => {
    for (const path of paths) {
      await demo.goto(new URL(path, demo.url()).href);
      await sessionIdOn(demo);
    }
  };
}

/** Product page, a click on the picture, checkout, and the order request that fails (404). */
export async function buyAndFail(demo: Page) {
  await demo.getByRole('link', { name: 'View details' }).first().click();
  await expect(demo).toHaveURL(/\/demo\/product$/);
  await sessionIdOn(demo);
  await demo.getByRole('button', { name: 'Zoom the picture' }).click();
  await demo.waitForTimeout(400);
  await demo.getByRole('link', { name: 'Continue to checkout' }).click();
  await expect(demo).toHaveURL(/\/demo\/checkout$/);
  await sessionIdOn(demo);
  await demo.getByRole('button', { name: 'Place order' }).click();
  await expect(demo.locator('#demo-checkout-result')).toContainText('Order API answered 404');
}
