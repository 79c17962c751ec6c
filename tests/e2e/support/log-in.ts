import type { Page } from '@playwright/test';
import type { CassetteServer, Owner } from './cassette-server.js';

/** The app, logged in as the owner (the token is what the login page would have stored). */
export async function logIn(page: Page, cassette: CassetteServer, owner: Owner): Promise<void> {
  await page.goto(`${cassette.url}/login`);
  await page.evaluate(
    ({ jwt, siteId }) => {
      localStorage.setItem('jwt', jwt);
      localStorage.setItem('siteId', String(siteId));
    },
    { jwt: owner.jwt, siteId: owner.projectId },
  );
}
