import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { startWebhookReceiver, type WebhookReceiver } from '@cassette/plugin-webhooks/testing';
import { e2eOutboundAllowHosts } from './support/asset-hosts.js';
import { CassetteServer, ensureTrackerBuilt, signUp, type Owner } from './support/cassette-server.js';
import { DESKTOP_CHROME, recordVisit, visitPages } from './support/demo-visits.js';
import { logIn } from './support/log-in.js';
import { startMailCatcher, type CaughtMail, type MailCatcher } from './support/mail-catcher.js';

/**
 * Alerts in real Chromium: two demo visits are recorded; from the 'Visits' card of a dashboard
 * the bell opens the alert form prefilled with the card's series; the alert (2 sessions or more
 * over the past 15 minutes) notifies by e-mail, in a Slack channel and at a webhook added on the
 * Webhooks tab. Saved, it is checked at once and fires: the alerts bell, the SMTP catcher, the
 * Slack stand-in and the webhook receiver (signature checked) all have it. Then it is edited
 * and deleted with the confirmation.
 *
 * Its own server: it sends mail to this file's catcher, and may reach this file's receivers.
 */

const ALERT = 'Busy shop';
const OPS = 'ops@shop.test';
const AUTH_HEADER = 'Bearer journey-token';

let cassette: CassetteServer;
let owner: Owner;
let catcher: MailCatcher;
let slack: WebhookReceiver;
let receiver: WebhookReceiver;
const mails: CaughtMail[] = [];
/** The Pager webhook's, as its creation showed it. */
let signingSecret = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  ensureTrackerBuilt();
  catcher = await startMailCatcher(0, (mail) => mails.push(mail));
  [slack, receiver] = await Promise.all([startWebhookReceiver(), startWebhookReceiver()]);
  cassette = await CassetteServer.start({
    env: { SMTP_URL: catcher.url, CASSETTE_OUTBOUND_ALLOW_HOSTS: [e2eOutboundAllowHosts(), slack.hostPort, receiver.hostPort].join(',') },
  });
  owner = await signUp(cassette);
});

test.afterAll(async ({}, testInfo) => {
  if (cassette && testInfo.status !== testInfo.expectedStatus) await testInfo.attach('server output', { body: cassette.log(), contentType: 'text/plain' });
  await cassette?.dispose();
  await Promise.all([catcher?.close(), slack?.close(), receiver?.close()]);
});

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${cassette.url}/api/${owner.projectId}${path}`, {
    method,
    headers: { Authorization: `Bearer ${owner.jwt}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { data: T };
  expect(response.ok, `${method} ${path}: ${JSON.stringify(answer)}`).toBe(true);
  return answer.data;
}

test('an alert set from a dashboard card fires to the bell, e-mail, Slack and a webhook; it is edited and deleted', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const [, , { metricId }] = await Promise.all([
    recordVisit(browser, cassette, owner, DESKTOP_CHROME, visitPages('/demo/product')),
    recordVisit(browser, cassette, owner, DESKTOP_CHROME, visitPages('/demo/checkout')),
    api<{ metricId: number }>('POST', '/metrics', { name: 'Visits' }),
  ]);
  await api('POST', '/dashboards', { name: 'Shop', isPinned: true, metrics: [metricId] });
  await logIn(page, cassette, owner);

  await test.step('a Slack channel and a webhook on the Webhooks tab', async () => {
    await page.goto(`${cassette.url}/client/webhooks`);
    const add = async (type: string, name: string, endpoint: string, authHeader?: string) => {
      await page.getByRole('button', { name: 'Add Webhook' }).click();
      await page.getByLabel('Type').selectOption(type);
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Endpoint').fill(endpoint);
      if (authHeader) await page.getByLabel('Auth header').fill(authHeader);
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expect(page.getByText('Webhook added')).toBeVisible();
    };
    await add('slack', 'Ops channel', `${slack.origin}/services/T000/B000/XXXX`);
    await expect(page.getByRole('cell', { name: 'Ops channel', exact: true })).toBeVisible();
    await add('webhook', 'Pager', `${receiver.origin}/cassette-hook`, AUTH_HEADER);
    // A new generic webhook shows its signing secret once.
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(secretDialog.getByTestId('signing-secret')).toHaveText(/^whsec_/);
    signingSecret = (await secretDialog.getByTestId('signing-secret').innerText()).trim();
    await secretDialog.getByRole('button', { name: 'Done' }).click();
  });

  await test.step("the card's bell opens the form with the card's series; the alert is created", async () => {
    await page.goto(`${cassette.url}/${owner.projectId}/dashboard`);
    const card = page.getByTestId('widget-card').filter({ hasText: 'Visits' });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Set Alert' }).click();
    const form = page.getByRole('dialog', { name: 'Create Alert' });
    await expect(form.getByLabel('Trigger')).toHaveValue(`metric.${metricId}.series.0`);
    await form.getByLabel('Name').fill(ALERT);
    await form.getByLabel('Operator').selectOption('>=');
    await form.getByLabel('Value').fill('2');
    await expect(form.getByLabel('Over the past')).toHaveValue('15');
    await form.getByLabel('Slack').check();
    await form.getByLabel('Add Slack channel').selectOption({ label: 'Ops channel' });
    await form.getByLabel('Email').check();
    await form.getByLabel('Add recipient').fill(OPS);
    await form.getByLabel('Add recipient').press('Enter');
    await form.getByLabel('Webhook', { exact: true }).check();
    await form.getByLabel('Add webhook').selectOption({ label: 'Pager' });
    await form.getByTestId('alert-save').click();
    await expect(page.getByText('Alert created successfully')).toBeVisible();
    await expect(form).toBeHidden();
  });

  await test.step('saved, it is checked at once and fires: the bell, the e-mail, Slack and the webhook have it', async () => {
    const subject = `Alert "${ALERT}" triggered`;
    await expect.poll(() => mails.find((m) => m.to.includes(OPS))?.subject, { message: 'the mail at the SMTP catcher', timeout: 30_000 }).toBe(subject);
    expect(mails.find((m) => m.to.includes(OPS))!.text).toContain(`/${owner.projectId}/alerts/`);

    await expect.poll(() => slack.received.length, { message: 'the Slack stand-in got the message', timeout: 30_000 }).toBeGreaterThan(0);
    const slackPost = slack.received[0]!;
    expect(slackPost.path).toBe('/services/T000/B000/XXXX');
    expect(slackPost.body).toContain(ALERT);

    await expect.poll(() => receiver.received.length, { message: 'the webhook receiver got the payload', timeout: 30_000 }).toBeGreaterThan(0);
    const hook = receiver.received[0]!;
    expect(hook.headers.authorization).toBe(AUTH_HEADER);
    const timestamp = String(hook.headers['x-cassette-timestamp']);
    expect(hook.headers['x-cassette-signature']).toBe(`sha256=${createHmac('sha256', signingSecret).update(`${timestamp}.${hook.body}`).digest('hex')}`);
    const payload = JSON.parse(hook.body) as { event: string; data: { alertName: string; value: number; threshold: number } };
    expect(payload.event).toBe('alert.triggered');
    expect(payload.data).toMatchObject({ alertName: ALERT, value: 2, threshold: 2 });

    // The bell reads its count when the app loads.
    await page.reload();
    const bell = page.getByRole('button', { name: /^Alerts, \d+ new$/ });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(page.getByRole('dialog', { name: 'Alerts' }).getByText(subject)).toBeVisible();
    await page.keyboard.press('Escape');
  });

  await test.step('the alert panel: edited, then deleted after the confirmation', async () => {
    await page.getByTestId('alerts-link').click();
    await expect(page).toHaveURL(new RegExp(`/${owner.projectId}/alerts$`));
    const item = page.getByTestId('alert-item').filter({ hasText: ALERT });
    await expect(item).toContainText('Firing');
    await item.getByRole('button').click();
    const form = page.getByRole('dialog', { name: 'Edit Alert' });
    // Its history shows the evaluation that fired.
    await expect(form.getByTestId('alert-history-row').first()).toHaveAttribute('data-fired', 'true');
    await form.getByLabel('Name').fill(`${ALERT} on weekdays`);
    await form.getByTestId('alert-save').click();
    await expect(page.getByText('Alert updated successfully')).toBeVisible();
    await expect(page.getByTestId('alert-item').filter({ hasText: `${ALERT} on weekdays` })).toBeVisible();

    await form.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByText('Alert deleted successfully')).toBeVisible();
    await expect(page.getByTestId('alert-item')).toHaveCount(0);
    expect(await api<unknown[]>('GET', '/alerts')).toEqual([]);
  });
});
