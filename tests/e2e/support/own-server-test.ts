import { expect, test as base, type Page } from '@playwright/test';
import { CassetteServer, findSession, type Owner } from './cassette-server.js';

/**
 * A Playwright test with a Cassette server of its own (`cassette`): recording tests read what
 * their server stored, kill it, or tamper with its files. The server's output is attached when
 * the test fails.
 */
export const test = base.extend<{ cassette: CassetteServer }>({
  cassette: async ({}, use, testInfo) => {
    const server = await CassetteServer.start();
    try {
      await use(server);
    } finally {
      if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('server output', { body: server.log(), contentType: 'text/plain' });
      await server.dispose();
    }
  },
});

/** The session id the demo page shows once the tracker started (the same across the tab's pages). */
export async function sessionIdOn(page: Page): Promise<string> {
  const status = page.locator('#demo-status');
  await expect(status, 'the tracker starts a session').toHaveAttribute('data-session-id', /.+/, { timeout: 20_000 });
  return (await status.getAttribute('data-session-id'))!;
}

/** Waits until ingest processed the session's last batch and ended it. */
export async function endedSession(cassette: CassetteServer, owner: Owner, sessionId: string) {
  await expect
    .poll(async () => (await findSession(cassette, owner, sessionId))?.live, { message: 'the session is stored and ended', timeout: 45_000, intervals: [500] })
    .toBe(false);
  return (await findSession(cassette, owner, sessionId))!;
}
