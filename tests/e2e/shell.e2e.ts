import { expect, test, type Page } from '@playwright/test';
import { linkFromNextMail, mailsFor } from './support/mails.js';

// One install, one story: the second test goes on from the tenant the first one created.
test.describe.configure({ mode: 'serial' });

/**
 * The foundation as a user meets it, in real Chromium against the embedded default:
 * signup → onboarding → a second project → a role → an invited member → 'Not allowed'.
 */
const OWNER = { email: 'owner@acme.test', password: 'owner-password', name: 'Olivia Owner', organization: 'Acme', site: 'https://www.Acme.test/pricing' };
const MEMBER = { email: 'mia@acme.test', name: 'Mia Member', password: 'member-password' };
const NOT_ALLOWED = "You don't have the necessary permissions to access this feature. Please check with your admin.";

async function logout(page: Page, firstName: string) {
  await page.getByRole('banner').getByRole('button', { name: firstName, exact: true }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('signup, projects, roles, invitation, permissions and logout', async ({ page, request }) => {
  // Signup is open on a fresh install and leads into onboarding.
  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Get Started' })).toBeVisible();
  // A self-hosted install does not advertise the hosted offer's pricing.
  await expect(page.getByRole('heading', { name: 'Your own Cassette' })).toBeVisible();
  await expect(page.getByText('Pay per use, cancel anytime.')).toHaveCount(0);
  await expect(page.getByLabel('Password')).toHaveAttribute('placeholder', 'Min 8 Characters');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByLabel('Name').fill(OWNER.name);
  await page.getByLabel('Organization').fill(OWNER.organization);
  // The first project's site host is asked for; a pasted address is refused only when it is no host.
  await page.getByLabel('Website host').fill('*.acme.test');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Enter the host without a wildcard: pages on its subdomains count too.')).toBeVisible();
  await page.getByLabel('Website host').fill(OWNER.site);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/onboarding\/installing$/);
  await expect(page.getByText('v1.6.0')).toBeVisible();

  // While onboarding is on, other routes lead back to it.
  await page.goto('/client/projects');
  await expect(page).toHaveURL(/\/onboarding\/installing$/);
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/\/\d+\/sessions$/);
  await expect(page.getByText('No recordings found')).toBeVisible();
  const firstProjectId = /\/(\d+)\/sessions$/.exec(page.url())![1];

  // The first project has the host given at signup, kept as a host; no prompt to set one.
  await page.goto('/client/projects');
  await expect(page.getByRole('cell', { name: 'www.acme.test', exact: true })).toBeVisible();
  await expect(page.getByTestId('host-prompt')).toHaveCount(0);

  // A second project needs its host too; the same name again is refused with the spec's message.
  await page.getByRole('button', { name: 'Add Project' }).click();
  const panel = page.getByRole('dialog');
  await panel.getByLabel('Name').fill('Web Shop');
  await panel.getByRole('button', { name: 'Add' }).click();
  await expect(panel.getByText('Enter the site’s host, such as shop.example.com.')).toBeVisible();
  await panel.getByLabel('Host').fill('shop.acme.test:8443');
  await panel.getByRole('button', { name: 'Add' }).click();
  // Right after creation the panel shows the new project's key and the snippet to install.
  await expect(panel.getByText('Record Web Shop')).toBeVisible();
  await expect(panel.getByTestId('project-key')).not.toBeEmpty();
  await expect(panel.getByLabel('Script tag snippet')).toContainText('<script');
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('cell', { name: 'Web Shop', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'shop.acme.test:8443', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add Project' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('web shop');
  await page.getByRole('dialog').getByLabel('Host').fill('web.acme.test');
  await page.getByRole('dialog').getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('dialog').getByText('Site exists already. Please choose another one.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A role without Session Replay.
  await page.goto('/client/roles');
  await page.getByRole('button', { name: 'Add Role' }).click();
  const rolePanel = page.getByRole('dialog');
  await rolePanel.getByLabel('Name').fill('Error triage');
  await rolePanel.getByLabel('Errors').check();
  await rolePanel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('cell', { name: 'Error triage', exact: true })).toBeVisible();

  // Invite a member with that role; the link is shown to share.
  await page.goto('/client/team');
  await page.getByRole('button', { name: 'Invite' }).click();
  const invite = page.getByRole('dialog');
  await invite.getByLabel('Email').fill(MEMBER.email);
  await invite.getByLabel('Name').fill(MEMBER.name);
  await invite.getByLabel('Role').selectOption({ label: 'Error triage' });
  await invite.getByRole('button', { name: 'Invite' }).click();
  const link = (await page.getByTestId('invitation-link').textContent())!.trim();
  expect(link).toMatch(/\/reset-password\?token=/);
  // The same link went out by mail, over SMTP.
  expect(await linkFromNextMail(MEMBER.email, 0, /invited you to Cassette/)).toBe(link);
  await page.keyboard.press('Escape');
  await logout(page, 'Olivia');

  // The member opens the invitation, sets a password and is logged in.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Welcome to Cassette' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(MEMBER.email);
  await page.getByLabel('New Password').fill(MEMBER.password);
  await page.getByLabel('Confirm Password').fill(MEMBER.password);
  await page.getByRole('button', { name: 'Set Password' }).click();
  // Logged in: the top bar greets the member by first name.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Mia', exact: true })).toBeVisible();

  // Without Session Replay the sessions page is 'Not allowed', and so is the API behind it.
  await page.goto(`/${firstProjectId}/sessions`);
  await expect(page.getByText(NOT_ALLOWED)).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('jwt'));
  expect(token).toBeTruthy();
  const api = await request.post(`/api/${firstProjectId}/sessions/search2`, { headers: { Authorization: `Bearer ${token}` }, data: { page: 1 } });
  expect(api.status()).toBe(403);
  // An admin-only settings tab is not allowed either.
  await page.goto('/client/team');
  await expect(page.getByText(NOT_ALLOWED)).toBeVisible();

  await page.goto(`/${firstProjectId}/sessions`);
  await logout(page, 'Mia');
  const afterLogout = await request.get('/api/account', { headers: { Authorization: `Bearer ${token}` } });
  expect(afterLogout.status()).toBe(401);

  // The member logs in again with the password they chose.
  await page.getByLabel('Email').fill(MEMBER.email);
  await page.getByLabel('Password').fill(MEMBER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Mia', exact: true })).toBeVisible();
  await logout(page, 'Mia');

  // Once a tenant exists, /signup is no longer reachable.
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/login$/);
});

test('a forgotten password is reset through the mailed link', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  const seen = mailsFor(OWNER.email).length;
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByRole('button', { name: 'Email Password Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

  const link = await linkFromNextMail(OWNER.email, seen, /Reset your Cassette password/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
  await page.getByLabel('New Password').fill('a-new-owner-password');
  await page.getByLabel('Confirm Password').fill('a-new-owner-password');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Olivia', exact: true })).toBeVisible();
  await logout(page, 'Olivia');

  // The link works once; the old password no longer does, the new one does.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Link expired' })).toBeVisible();
  await page.goto('/login');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await page.getByLabel('Password').fill('a-new-owner-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Olivia', exact: true })).toBeVisible();

  // Admins post announcements for the team from the panel; the welcome one is already there.
  await page.getByRole('button', { name: 'Announcements' }).click();
  const panel = page.getByRole('dialog', { name: 'Announcements' });
  await expect(panel.getByText('Welcome to Cassette')).toBeVisible();
  await panel.getByRole('button', { name: 'Post an announcement' }).click();
  await panel.getByLabel('Title').fill('Maintenance on Friday');
  await panel.getByLabel('Message').fill('Recording pauses for ten minutes at 18:00.');
  await panel.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(panel.getByText('Maintenance on Friday')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
});

test('redirect rules: old paths, unknown paths and a site id in the URL', async ({ page, request }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill('a-new-owner-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Olivia', exact: true })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('jwt'));
  const projects = (await (await request.get('/api/projects', { headers: { Authorization: `Bearer ${token}` } })).json()).data as { id: number; name: string }[];
  const shop = projects.find((p) => p.name === 'Web Shop')!;

  await page.goto('/client/custom-fields');
  await expect(page).toHaveURL(/\/client\/metadata$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/\d+\/sessions$/);
  // A site id in the URL switches the project, and the choice is remembered.
  await page.goto(`/${shop.id}/sessions`);
  await expect(page.getByRole('button', { name: 'Current project: Web Shop' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('siteId'))).toBe(String(shop.id));
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`/${shop.id}/sessions$`));
});

test('a role changed after login: the server refuses, the member stays logged in and sees Not allowed', async ({ page, request }) => {
  const login = await request.post('/api/login', { data: { email: OWNER.email, password: 'a-new-owner-password' } });
  const asOwner = { Authorization: `Bearer ${(await login.json()).jwt as string}` };
  const roles = (await (await request.get('/api/client/roles', { headers: asOwner })).json()).data as { roleId: number; name: string; allProjects: boolean; projects: number[] }[];
  const triage = roles.find((r) => r.name === 'Error triage')!;
  const giveRole = (permissions: string[]) =>
    request.post(`/api/client/roles/${triage.roleId}`, { headers: asOwner, data: { name: triage.name, permissions, allProjects: triage.allProjects, projects: triage.projects } });
  expect((await giveRole(['SESSION_REPLAY', 'ERRORS'])).status()).toBe(200);

  // Mia logs in while her role holds Session Replay and Errors.
  await page.goto('/login');
  await page.getByLabel('Email').fill(MEMBER.email);
  await page.getByLabel('Password').fill(MEMBER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  const mia = page.getByRole('banner').getByRole('button', { name: 'Mia', exact: true });
  await expect(mia).toBeVisible();
  await expect(page).toHaveURL(/\/\d+\/sessions$/);
  const token = await page.evaluate(() => localStorage.getItem('jwt'));

  // The admin takes Errors away; Mia's open app still shows the Errors link.
  expect((await giveRole(['SESSION_REPLAY'])).status()).toBe(200);
  const refused = page.waitForResponse((r) => /^\/api\/\d+\/errors/.test(new URL(r.url()).pathname) && r.status() === 403);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Errors' }).click();
  await refused;

  // The server said no: Mia sees 'Not allowed' and is still logged in with the same token.
  await expect(page.getByText(NOT_ALLOWED)).toBeVisible();
  await expect(page).toHaveURL(/\/\d+\/errors$/);
  await expect(mia).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBe(token);
  // The shell took the new role in: the Errors link is gone, Sessions still opens.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Errors' })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sessions' }).click();
  await expect(page).toHaveURL(/\/\d+\/sessions$/);
  await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible();
  await expect(page.getByText(NOT_ALLOWED)).toHaveCount(0);
  expect((await giveRole(['ERRORS'])).status()).toBe(200);
});
