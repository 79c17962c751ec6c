import { expect, test as base, type Page } from '@playwright/test';
import { CassetteServer, findSession, signUp, type Owner } from './cassette-server.js';

/** A project of its own on the worker's shared Cassette server, and the owner to act in it. */
export interface Site {
  cassette: CassetteServer;
  owner: Owner;
}

let projectsMade = 0;

/** A new, empty project of the owner's organization, recording the server's own demo shop. */
async function newProject(cassette: CassetteServer, owner: Owner, name: string): Promise<Owner> {
  const response = await fetch(`${cassette.url}/api/projects`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${owner.jwt}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, host: new URL(cassette.url).host }),
  });
  const body = (await response.json()) as { data?: { id: number; projectKey: string }; errors?: string[] };
  if (!response.ok || !body.data) throw new Error(`creating a project failed: ${response.status} ${JSON.stringify(body)}`);
  return { jwt: owner.jwt, projectId: body.data.id, projectKey: body.data.projectKey };
}

/**
 * Browser tests and their Cassette servers. A server boot is the slowest part of a browser test,
 * so tests that only record, search and replay share one server per worker (`site`), each in a
 * new, empty project of one organization: what a test counts is its project's alone. Tests that
 * read every stored byte, kill, restart or tamper with their server get one of their own
 * (`cassette`). Either server's output is attached when the test fails.
 */
export const test = base.extend<{ cassette: CassetteServer; site: Site }, { sharedServer: Site }>({
  sharedServer: [
    async ({}, use) => {
      const cassette = await CassetteServer.start();
      try {
        await use({ cassette, owner: await signUp(cassette) });
      } finally {
        await cassette.dispose();
      }
    },
    // Its boot is not a test's time: on a busy machine two workers booting servers at once take longer than a test may.
    { scope: 'worker', timeout: 240_000 },
  ],
  site: async ({ sharedServer }, use, testInfo) => {
    const owner = await newProject(sharedServer.cassette, sharedServer.owner, `Journey ${++projectsMade}`);
    await use({ cassette: sharedServer.cassette, owner });
    if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('server output', { body: sharedServer.cassette.log(), contentType: 'text/plain' });
  },
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
 * The worker's shared server and a project of the file's own, for files whose tests build on
 * each other in order. Call at the top of the file.
 */
export function serverForThisFile(): { server(): CassetteServer; owner(): Owner } {
  let site: Site | undefined;
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async ({ sharedServer }) => {
    site = { cassette: sharedServer.cassette, owner: await newProject(sharedServer.cassette, sharedServer.owner, `File ${++projectsMade}`) };
  });
  test.afterAll(async ({ sharedServer }, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('server output', { body: sharedServer.cassette.log(), contentType: 'text/plain' });
  });
  const started = (): Site => {
    if (site === undefined) throw new Error("the file's project is not made yet (serverForThisFile runs in beforeAll)");
    return site;
  };
  return { server: () => started().cassette, owner: () => started().owner };
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
