import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, OutboundHttpError, type OutboundHttpClient } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import type { IntegrationContext, IntegrationFailure } from '@cassette/plugin-integrations/api';
import { startJiraStandIn, type JiraStandIn } from '../testing/index.js';
import { jiraTicketProvider as jira } from './jira-provider.js';

const EMAIL = 'ada@example.com';
const TOKEN = 'ATATT3xFfGF0-jira-token';
const NOW = Date.parse('2026-11-27T00:00:00Z');

/** The IntegrationFailure `promise` rejects with. */
async function failureOf(promise: Promise<unknown>): Promise<IntegrationFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the call should have failed').toBeInstanceOf(Error);
  expect((error as IntegrationFailure).integrationFailure, String(error)).toBeTypeOf('string');
  return error as IntegrationFailure;
}

describe('Jira ticket provider', () => {
  let t: TestKernel;
  let site: JiraStandIn;
  /** A second Jira, not on the operator's allowlist: a loopback address like any private one. */
  let intranet: JiraStandIn;
  let ctx: IntegrationContext;
  const config = () => ({ username: EMAIL, token: TOKEN, url: `${site.url}/` });

  beforeAll(async () => {
    site = await startJiraStandIn({ email: EMAIL, token: TOKEN, pageSize: 2 });
    intranet = await startJiraStandIn({ email: EMAIL, token: TOKEN });
    t = await createTestKernel({ env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: site.hostPort } });
    ctx = { outboundHttp: t.kernel.resolve(coreServices.outboundHttp), log: t.kernel.resolve(coreServices.logger), now: () => NOW };
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await site?.close();
    await intranet?.close();
  });

  it('validates the form as the spec says: username, token and a valid URL', () => {
    expect(jira.validate({ username: EMAIL, token: TOKEN, url: 'https://team.atlassian.net' })).toEqual({});
    expect(jira.validate({ username: ' ', token: '', url: '' })).toEqual({ username: 'Username is required', token: 'API token is required', url: 'Jira URL is required' });
    expect(jira.validate({ username: EMAIL, token: TOKEN, url: 'team.atlassian.net' }).url).toBe('Jira URL must be a valid URL (https://your-team.atlassian.net)');
    expect(jira.validate({ username: EMAIL, token: TOKEN, url: 'ftp://team.atlassian.net' }).url).toBeDefined();
    expect(jira.fields.map((f) => [f.key, f.kind])).toEqual([['username', 'text'], ['token', 'secret'], ['url', 'url']]);
  });

  it('checks the connection with GET /rest/api/3/myself and basic auth of e-mail and API token', async () => {
    await jira.checkConnection(config(), ctx);
    const call = site.requests.at(-1)!;
    expect(call.method).toBe('GET');
    expect(call.url).toBe('/rest/api/3/myself');
    expect(call.headers.authorization).toBe(`Basic ${Buffer.from(`${EMAIL}:${TOKEN}`).toString('base64')}`);
    expect(call.headers.accept).toBe('application/json');
  });

  it('says the credentials are refused when Jira answers 401', async () => {
    const failure = await failureOf(jira.checkConnection({ ...config(), token: 'wrong' }, ctx));
    expect(failure.integrationFailure).toBe('auth');
    expect(failure.message).toBe('Jira refused the username and API token: check that the username is your Atlassian account e-mail and make a new API token at id.atlassian.com › Security › API tokens.');
  });

  it('refuses a site on a private address that the operator did not allow, without calling it', async () => {
    const before = intranet.requests.length;
    const failure = await failureOf(jira.checkConnection({ ...config(), url: intranet.url }, ctx));
    expect(failure.integrationFailure).toBe('refused_address');
    expect(failure.message).toBe(
      `Jira at ${intranet.hostPort} is not on a public address, so Cassette does not call it: use the tool's public address, or ask the operator to allow this host and port (CASSETTE_OUTBOUND_ALLOW_HOSTS).`,
    );
    expect(intranet.requests.length).toBe(before);
  });

  it('lists every project page by page, by key', async () => {
    expect(await jira.listProjects(config(), ctx)).toEqual([
      { id: 'SHOP', name: 'Shop' },
      { id: 'OPS', name: 'Operations' },
      { id: 'WEB', name: 'Website' },
    ]);
    expect(site.requests.filter((r) => r.url.startsWith('/rest/api/3/project/search')).map((r) => new URL(r.url, site.url).searchParams.get('startAt'))).toEqual(['0', '2']);
  });

  it("lists a project's issue types without sub-tasks, and says when the project does not exist", async () => {
    expect(await jira.listIssueTypes(config(), 'SHOP', ctx)).toEqual([
      { id: '10001', name: 'Bug', iconUrl: 'https://jira.example/bug.svg' },
      { id: '10002', name: 'Task', iconUrl: 'https://jira.example/task.svg' },
    ]);
    const failure = await failureOf(jira.listIssueTypes(config(), 'NOPE', ctx));
    expect(failure.integrationFailure).toBe('not_found');
    expect(failure.message).toBe('Jira has no project NOPE in which this account may create issues.');
    expect((await failureOf(jira.listIssueTypes(config(), '../myself', ctx))).integrationFailure).toBe('not_found');
  });

  it('creates an issue with the description in Atlassian Document Format, the session link a link mark', async () => {
    const link = 'https://cassette.example.com/3/session/4711?jumpto=65000';
    const ticket = await jira.createTicket(config(), { projectId: 'SHOP', issueTypeId: '10001', title: 'Checkout button does nothing', description: `Clicked three times.\n\nSession: ${link}` }, ctx);
    const create = site.requests.find((r) => r.method === 'POST' && r.url === '/rest/api/3/issue')!;
    expect(create.headers['content-type']).toBe('application/json');
    expect(create.headers.authorization).toBe(`Basic ${Buffer.from(`${EMAIL}:${TOKEN}`).toString('base64')}`);
    expect(create.body).toEqual({
      fields: {
        project: { key: 'SHOP' },
        issuetype: { id: '10001' },
        summary: 'Checkout button does nothing',
        description: {
          type: 'doc',
          version: 1,
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: 'Clicked three times.' }] },
            { type: 'paragraph', content: [{ type: 'text', text: 'Session: ' }, { type: 'text', text: link, marks: [{ type: 'link', attrs: { href: link } }] }] },
          ],
        },
      },
    });
    expect(ticket).toEqual({
      id: 'SHOP-1',
      projectId: 'SHOP',
      title: 'Checkout button does nothing',
      description: `Clicked three times.\n\nSession: ${link}`,
      issueType: 'Bug',
      assignee: null,
      closed: false,
      commentsCount: 0,
      timestamp: Date.parse('2026-11-20T10:15:30.000Z'),
      url: `${site.url}/browse/SHOP-1`,
      iconUrl: 'https://jira.example/bug.svg',
      activities: [],
    });
  });

  it('answers the created issue even when reading it back fails, so it is not created twice', async () => {
    site.answerNext('/rest/api/3/issue/SHOP-', { status: 503, body: 'Service Unavailable' });
    const ticket = await jira.createTicket(config(), { projectId: 'SHOP', issueTypeId: '10002', title: 'Slow search', description: 'Takes 9 s.' }, ctx);
    expect(ticket).toMatchObject({ id: 'SHOP-2', projectId: 'SHOP', title: 'Slow search', description: 'Takes 9 s.', closed: false, timestamp: NOW, url: `${site.url}/browse/SHOP-2` });
    expect(site.issues.has('SHOP-2')).toBe(true);
  });

  it('passes on what Jira says when it refuses a ticket (400)', async () => {
    const failure = await failureOf(jira.createTicket(config(), { projectId: 'SHOP', issueTypeId: '99999', title: 'x', description: '' }, ctx));
    expect(failure.integrationFailure).toBe('bad_answer');
    expect(failure.message).toBe('Jira refused the request: issuetype: Specify a valid issue type. Check the project and issue type.');
  });

  it('comments in ADF and reads the ticket back with its comments, closed when its status is done', async () => {
    const ref = { projectId: 'SHOP', ticketId: 'SHOP-1' };
    const activity = await jira.comment(config(), ref, 'Happens on Safari too: https://cassette.example.com/3/session/4712', ctx);
    const post = site.requests.find((r) => r.method === 'POST' && r.url === '/rest/api/3/issue/SHOP-1/comment')!;
    expect(post.body).toEqual({
      body: {
        type: 'doc',
        version: 1,
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Happens on Safari too: ' },
              { type: 'text', text: 'https://cassette.example.com/3/session/4712', marks: [{ type: 'link', attrs: { href: 'https://cassette.example.com/3/session/4712' } }] },
            ],
          },
        ],
      },
    });
    expect(activity).toEqual({ id: '20000', type: 'comment', author: 'Ada Lovelace', createdAt: Date.parse('2026-11-21T08:00:00Z'), message: 'Happens on Safari too: https://cassette.example.com/3/session/4712' });

    site.issues.get('SHOP-1')!.done = true;
    const ticket = await jira.getTicket(config(), ref, ctx);
    const get = site.requests.at(-1)!;
    expect(get.url).toBe('/rest/api/3/issue/SHOP-1?fields=summary,description,issuetype,assignee,status,created,project,comment');
    expect(ticket.closed).toBe(true);
    expect(ticket.commentsCount).toBe(1);
    expect(ticket.activities).toEqual([activity]);
  });

  it('says when an issue is gone (404)', async () => {
    const failure = await failureOf(jira.getTicket(config(), { projectId: 'SHOP', ticketId: 'SHOP-404' }, ctx));
    expect(failure.integrationFailure).toBe('not_found');
    expect(failure.message).toBe('Jira has no issue SHOP-404 that this account can see: it may have been deleted or moved.');
  });

  it('says when Jira asks to slow down (429 with Retry-After), refuses the account (403) or fails (5xx)', async () => {
    site.answerNext('/rest/api/3/project/search', { status: 429, headers: { 'retry-after': '30' }, body: { errorMessages: ['Rate limit exceeded.'] } });
    const limited = await failureOf(jira.listProjects(config(), ctx));
    expect(limited.integrationFailure).toBe('rate_limited');
    expect(limited.retryAfterSeconds).toBe(30);
    expect(limited.message).toBe('Jira asked to slow down: try again in 30 seconds.');

    site.answerNext('/rest/api/3/issue', { status: 403, body: { errorMessages: ['You do not have permission to create issues in this project.'], errors: {} } });
    const refused = await failureOf(jira.createTicket(config(), { projectId: 'SHOP', issueTypeId: '10001', title: 'x', description: '' }, ctx));
    expect(refused.integrationFailure).toBe('auth');
    expect(refused.message).toBe('Jira refused this account the request (You do not have permission to create issues in this project.): check that it may browse the project and create issues in it.');

    site.answerNext('/rest/api/3/myself', { status: 503, body: 'Service Unavailable' });
    const down = await failureOf(jira.checkConnection(config(), ctx));
    expect(down.integrationFailure).toBe('unreachable');
    expect(down.message).toBe('Jira answered with an error (HTTP 503): try again in a moment.');
  });

  it('says when Jira does not answer in time, or the answer is not Jira', async () => {
    const timingOut: OutboundHttpClient = {
      fetch: async (url) => {
        throw new OutboundHttpError('timeout', 'The request took longer than 15000 ms', url);
      },
      stream: async (url) => {
        throw new OutboundHttpError('timeout', 'The request took longer than 15000 ms', url);
      },
    };
    const late = await failureOf(jira.checkConnection({ ...config(), url: 'https://team.atlassian.net' }, { ...ctx, outboundHttp: timingOut }));
    expect(late.integrationFailure).toBe('timeout');
    expect(late.message).toBe("Jira did not answer within 15 s: try again later, or check that team.atlassian.net is the tool's address.");

    site.answerNext('/rest/api/3/myself', { status: 200, body: '<html>Sign in</html>' });
    const notJira = await failureOf(jira.checkConnection(config(), ctx));
    expect(notJira.integrationFailure).toBe('bad_answer');
    expect(notJira.message).toBe('Jira answered something that is not its API: check the Jira URL.');
  });
});
