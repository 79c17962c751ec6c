import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { startJiraStandIn, type JiraStandIn } from '@cassette/plugin-jira/testing';
import { e2eOutboundAllowHosts } from './support/asset-hosts.js';
import { CassetteServer, ensureTrackerBuilt, signUp, type Owner } from './support/cassette-server.js';
import { DESKTOP_CHROME, recordVisit } from './support/demo-visits.js';
import { logIn } from './support/log-in.js';
import { sessionIdOn } from './support/own-server-test.js';

/**
 * Integrations in real Chromium: one demo visit is recorded (its user identified, a teammate
 * invited, so the onboarding stands at 75 %). From Preferences › Integrations an Elasticsearch
 * cluster and a Jira site (both local stand-ins) are connected; the onboarding panel then says
 * 'Good Job!' at 100 %. In the player, the "Backend logs" panel shows the lines the shop's
 * backend indexed in the stand-in cluster with the session's tag during the visit (not another
 * visit's), and "Create Issue" files a Jira ticket with the link to the session, listed among the
 * session's issues.
 *
 * Its own server: its outbound client may reach this file's two stand-ins.
 */

const API_KEY_ID = 'VuaCfGcBCdbkQm-e5aOx';
const API_KEY = 'ui2lp2axTNmsyakw9tvNnw';
const JIRA_USER = 'ada@shop.test';
const JIRA_TOKEN = 'jira-api-token';
const BACKEND_LINES = ['payment API answered 502', 'retrying the charge once'];
const TICKET_TITLE = 'Checkout fails with a 502';

interface LogDocument {
  '@timestamp': string;
  'log.level': string;
  'log.logger': string;
  message: string;
  cassetteSessionId: string;
}

interface ElasticsearchStandIn {
  port: number;
  hostPort: string;
  /** What the site's backend indexes while serving a request of the visit. */
  index(document: LogDocument): void;
  /** The session ids searched for (the connection check searches for none). */
  searchedSessions: string[];
  close(): Promise<void>;
}

interface SearchBody {
  query: { match_all?: object; bool?: { filter: [{ match_phrase: { cassetteSessionId: string } }, { range: { '@timestamp': { gte: number; lte: number } } }] } };
}

/**
 * Elasticsearch's `_search` as plugins/elasticsearch calls it: `ApiKey base64(id:key)` on the
 * `*log*` indexes; the connection check's empty search; the session's search answered with the
 * indexed documents of that tag inside the asked time window, as hits.
 */
async function startElasticsearchStandIn(): Promise<ElasticsearchStandIn> {
  const authorization = `ApiKey ${Buffer.from(`${API_KEY_ID}:${API_KEY}`).toString('base64')}`;
  const documents: LogDocument[] = [];
  const searchedSessions: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.headers.authorization !== authorization) {
        return answer(401, { error: { type: 'security_exception', reason: 'unable to authenticate with provided credentials' }, status: 401 });
      }
      if (req.method !== 'POST' || req.url !== '/*log*/_search') return answer(404, { error: { type: 'index_not_found_exception', reason: `no such index [${req.url}]` }, status: 404 });
      const filter = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as SearchBody).query.bool?.filter;
      if (!filter) return answer(200, { took: 1, timed_out: false, hits: { total: { value: 0, relation: 'eq' }, hits: [] } });
      const sessionId = filter[0].match_phrase.cassetteSessionId;
      const { gte, lte } = filter[1].range['@timestamp'];
      searchedSessions.push(sessionId);
      const hits = documents
        .filter((doc) => doc.cassetteSessionId === sessionId && Date.parse(doc['@timestamp']) >= gte && Date.parse(doc['@timestamp']) <= lte)
        .map((doc, i) => ({ _index: 'shop-logs-2026.11', _id: `doc-${i}`, _source: doc }));
      answer(200, { took: 2, timed_out: false, hits: { total: { value: hits.length, relation: 'eq' }, hits } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    hostPort: `127.0.0.1:${port}`,
    index: (document) => documents.push(document),
    searchedSessions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let cassette: CassetteServer;
let owner: Owner;
let elasticsearch: ElasticsearchStandIn;
let jira: JiraStandIn;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  ensureTrackerBuilt();
  [elasticsearch, jira] = await Promise.all([startElasticsearchStandIn(), startJiraStandIn({ email: JIRA_USER, token: JIRA_TOKEN })]);
  cassette = await CassetteServer.start({ env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: [e2eOutboundAllowHosts(), elasticsearch.hostPort, jira.hostPort].join(',') } });
  owner = await signUp(cassette);
});

test.afterAll(async ({}, testInfo) => {
  if (cassette && testInfo.status !== testInfo.expectedStatus) await testInfo.attach('server output', { body: cassette.log(), contentType: 'text/plain' });
  await cassette?.dispose();
  await Promise.all([elasticsearch?.close(), jira?.close()]);
});

async function api(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${cassette.url}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${owner.jwt}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { data: unknown };
  expect(response.ok, `${method} ${path}: ${JSON.stringify(answer)}`).toBe(true);
  return answer.data;
}

/** A form field's label, exactly: a required field's ends with its (aria-hidden) asterisk. */
const fieldLabel = (label: string) => new RegExp(`^${label}( \\*)?$`);

/** Opens a card of the integrations tab, fills its form, saves: the tool is checked and shown connected. */
async function connect(page: Page, label: string, fields: Record<string, string>) {
  await page.getByRole('button', { name: label, exact: true }).click();
  const panel = page.getByRole('dialog', { name: label });
  for (const [field, value] of Object.entries(fields)) await panel.getByLabel(fieldLabel(field)).fill(value);
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${label} connected`)).toBeVisible();
  await expect(panel.getByTestId('integration-state')).toHaveText('Connected.');
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: label, exact: true }).getByTestId('integration-connected')).toHaveText('Connected');
}

test('backend logs and a Jira ticket from the player, after connecting both from the integrations tab; onboarding at 100 %', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const [sessionId] = await Promise.all([
    // The visitor is identified (the onboarding's "Identify Users"); meanwhile the shop's backend
    // logs two lines with the session's tag, and one of another visit.
    recordVisit(browser, cassette, owner, DESKTOP_CHROME, async (demo) => {
      await demo.evaluate(() => (window as unknown as { cassetteDemoTracker: { setUserID(id: string): void } }).cassetteDemoTracker.setUserID('buyer@shop.test'));
      const tag = await sessionIdOn(demo);
      const log = (cassetteSessionId: string, level: string, message: string) =>
        elasticsearch.index({ '@timestamp': new Date().toISOString(), 'log.level': level, 'log.logger': 'payments', message, cassetteSessionId });
      log(tag, 'error', BACKEND_LINES[0]!);
      log('1234567890123456789', 'info', 'another visit paid');
      await demo.waitForTimeout(50);
      log(tag, 'info', BACKEND_LINES[1]!);
    }),
    api('PUT', '/client/members', { email: 'dev@shop.test', name: 'Dev Teammate' }),
  ]);
  await logIn(page, cassette, owner);

  await test.step('Elasticsearch and Jira connected from the integrations tab', async () => {
    await page.goto(`${cassette.url}/client/integrations`);
    // Installed, users identified, a teammate invited: the integrations are what is left.
    await expect(page.getByRole('button', { name: 'Onboarding progress 75%' })).toBeVisible();
    await connect(page, 'Elasticsearch', { Host: 'http://127.0.0.1', Port: String(elasticsearch.port), 'API key id': API_KEY_ID, 'API key': API_KEY });
    await connect(page, 'Jira', { 'Jira URL': jira.url, Username: JIRA_USER, 'API token': JIRA_TOKEN });
    expect(jira.requests.some((r) => r.url === '/rest/api/3/myself')).toBe(true);
  });

  await test.step("the onboarding panel: 'Good Job!' at 100 %", async () => {
    await page.getByRole('button', { name: /^Onboarding progress/ }).click();
    const onboarding = page.getByRole('dialog', { name: 'Onboarding' });
    await expect(onboarding.getByText('Good Job!')).toBeVisible();
    await expect(onboarding).toContainText('100% done');
    await expect(onboarding.getByRole('listitem')).toHaveText(['Install the product(done)', 'Identify Users(done)', 'Invite Team Members(done)', 'Integrations(done)']);
    // Closed at 100 %, the ring is gone.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: /^Onboarding progress/ })).toBeHidden();
  });

  await test.step("the player's Backend logs panel shows the lines logged with the session's tag", async () => {
    await page.goto(`${cassette.url}/${owner.projectId}/session/${sessionId}`);
    await page.getByRole('toolbar', { name: 'Panels' }).getByRole('button', { name: 'Backend logs' }).click();
    const panel = page.getByRole('region', { name: 'Backend logs' });
    await expect(panel.getByTestId('backend-log-line')).toHaveCount(2);
    await expect(panel.getByTestId('backend-log-line').nth(0)).toContainText(BACKEND_LINES[0]!);
    await expect(panel.getByTestId('backend-log-line').nth(0)).toContainText('error');
    await expect(panel.getByTestId('backend-log-line').nth(1)).toContainText(BACKEND_LINES[1]!);
    // The same lines are ticks on the timeline, the error one marked as such; one search served both.
    const ticks = page.locator('[data-marker-type="contributed"]');
    await expect(ticks).toHaveCount(2);
    await expect(ticks.first()).toHaveAttribute('data-marker-level', 'error');
    expect(elasticsearch.searchedSessions).toEqual([sessionId]);
  });

  await test.step('Create Issue files a Jira ticket with the link to the session; the session lists it', async () => {
    await page.getByRole('button', { name: 'Create Issue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Issue' });
    await dialog.getByLabel(fieldLabel('Project')).selectOption({ label: 'Shop' });
    await dialog.getByLabel(fieldLabel('Issue type')).selectOption({ label: 'Bug' });
    await dialog.getByLabel(fieldLabel('Title')).fill(TICKET_TITLE);
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText('Issue created in Jira')).toBeVisible();
    const ticket = dialog.getByTestId('session-ticket');
    await expect(ticket).toHaveCount(1);
    await expect(ticket).toContainText(TICKET_TITLE);
    await expect(ticket).toContainText('Bug · Open');
    await expect(ticket.getByRole('link', { name: TICKET_TITLE })).toHaveAttribute('href', `${jira.url}/browse/SHOP-1`);

    const created = jira.requests.find((r) => r.method === 'POST' && r.url === '/rest/api/3/issue');
    const fields = (created?.body as { fields: { summary: string; project: { key: string }; description: unknown } }).fields;
    expect(fields.summary).toBe(TICKET_TITLE);
    expect(fields.project.key).toBe('SHOP');
    expect(JSON.stringify(fields.description)).toContain(`${cassette.url}/${owner.projectId}/session/${sessionId}?jumpto=`);
  });
});
