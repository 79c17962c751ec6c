import { expect, test as base, type Page } from '@playwright/test';
import { CassetteServer, findSession, signUp, type Owner } from './cassette-server.js';

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

/**
 * One server and its signed-up owner for all the tests of a file, for files whose tests only
 * record and replay (a server boot is the slowest part of a browser test). Tests that kill,
 * restart or tamper with their server keep the per-test `cassette` fixture. Call at the top of
 * the file; the tests run in order.
 */
export function serverForThisFile(): { server(): CassetteServer; owner(): Owner } {
  let server: CassetteServer | undefined;
  let owner: Owner | undefined;
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    server = await CassetteServer.start();
    owner = await signUp(server);
  });
  test.afterAll(async ({}, testInfo) => {
    if (server && testInfo.status !== testInfo.expectedStatus) await testInfo.attach('server output', { body: server.log(), contentType: 'text/plain' });
    await server?.dispose();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the file\'s server is not started (serverForThisFile runs in beforeAll)');
    return value;
  };
  return { server: () => started(server), owner: () => started(owner) };
}

/** The session id the demo page shows once the tracker started (the same across the tab's pages). */
export async function sessionIdOn(page: Page): Promise<string> {
  const status = page.locator('#demo-status');
  await expect(status, 'the tracker starts a session').toHaveAttribute('data-session-id', /.+/, { timeout: 20_000 });
  return (await status.getAttribute('data-session-id'))!;
}

/** Waits until ingest processed the session's last batch and ended it. */
export async function endedSession(cassette: CassetteServer, owner: Owner, sessionId: string) {
  await expect
    .poll(async () => ((await findSession(cassette, owner, sessionId))?.endedAt ?? null) !== null, { message: 'the session is stored and ended', timeout: 45_000, intervals: [500] })
    .toBe(true);
  return (await findSession(cassette, owner, sessionId))!;
}
