import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, OutboundHttpError, type OutboundHttpClient } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import type { IntegrationContext, IntegrationFailure } from '@cassette/plugin-integrations/api';
import { startGithubStandIn, type GithubStandIn } from '../testing/index.js';
import { githubTicketProvider } from './github-provider.js';

const TOKEN = 'github_pat_11ABCDEFG0123456789';
const NOW = Date.parse('2026-11-27T00:00:00Z');

async function failureOf(promise: Promise<unknown>): Promise<IntegrationFailure> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'the call should have failed').toBeInstanceOf(Error);
  expect((error as IntegrationFailure).integrationFailure, String(error)).toBeTypeOf('string');
  return error as IntegrationFailure;
}

describe('GitHub ticket provider', () => {
  let t: TestKernel;
  let api: GithubStandIn;
  let ctx: IntegrationContext;
  let github: ReturnType<typeof githubTicketProvider>;
  const config = { token: TOKEN };

  beforeAll(async () => {
    api = await startGithubStandIn({ token: TOKEN, pageSize: 2 });
    t = await createTestKernel({ env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: api.hostPort } });
    ctx = { outboundHttp: t.kernel.resolve(coreServices.outboundHttp), log: t.kernel.resolve(coreServices.logger), now: () => NOW };
    github = githubTicketProvider(() => api.url);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await api?.close();
  });

  it('asks for a token (spec §5)', () => {
    expect(github.validate({ token: TOKEN })).toEqual({});
    expect(github.validate({ token: '  ' })).toEqual({ token: 'Token is required' });
    expect(github.fields.map((f) => [f.key, f.kind, f.required])).toEqual([['token', 'secret', true]]);
  });

  it("checks the connection with GET /user, the token as Bearer and GitHub's media type and API version", async () => {
    await github.checkConnection(config, ctx);
    const call = api.requests.at(-1)!;
    expect([call.method, call.url]).toEqual(['GET', '/user']);
    expect(call.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(call.headers.accept).toBe('application/vnd.github+json');
    expect(call.headers['x-github-api-version']).toBe('2022-11-28');
    expect(call.headers['user-agent']).toBe('Cassette');
  });

  it('says the token is refused (401 Bad credentials)', async () => {
    const failure = await failureOf(github.checkConnection({ token: 'revoked' }, ctx));
    expect(failure.integrationFailure).toBe('auth');
    expect(failure.message).toBe('GitHub refused the token: it may have expired or been revoked. Make a new one at github.com › Settings › Developer settings, with access to the repositories and their issues.');
  });

  it('lists the repositories the token may push to and that take issues, following Link pages', async () => {
    expect(await github.listProjects(config, ctx)).toEqual([
      { id: 'acme/shop', name: 'acme/shop' },
      { id: 'octocat/hello', name: 'octocat/hello' },
    ]);
    expect(api.requests.filter((r) => r.url.startsWith('/user/repos')).map((r) => r.url)).toEqual(['/user/repos?per_page=100&sort=full_name', '/user/repos?per_page=100&sort=full_name&page=2']);
  });

  it("lists a repository's labels as its issue types, and says when the repository is not there", async () => {
    expect(await github.listIssueTypes(config, 'acme/shop', ctx)).toEqual([
      { id: 'bug', name: 'bug' },
      { id: 'enhancement', name: 'enhancement' },
    ]);
    const failure = await failureOf(github.listIssueTypes(config, 'acme/gone', ctx));
    expect(failure.integrationFailure).toBe('not_found');
    expect(failure.message).toBe('GitHub has no repository acme/gone that the token can see.');
    expect((await failureOf(github.listIssueTypes(config, '../user', ctx))).integrationFailure).toBe('not_found');
  });

  it('opens an issue with the label, comments on it and reads it back with its comments', async () => {
    const description = 'Clicked three times.\n\nSession: https://cassette.example.com/3/session/4711?jumpto=65000';
    const ticket = await github.createTicket(config, { projectId: 'acme/shop', issueTypeId: 'bug', title: 'Checkout button does nothing', description }, ctx);
    const create = api.requests.find((r) => r.method === 'POST' && r.url === '/repos/acme/shop/issues')!;
    expect(create.headers['content-type']).toBe('application/json');
    expect(create.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(create.body).toEqual({ title: 'Checkout button does nothing', body: description, labels: ['bug'] });
    expect(ticket).toEqual({
      id: '1',
      projectId: 'acme/shop',
      title: 'Checkout button does nothing',
      description,
      issueType: 'bug',
      assignee: null,
      closed: false,
      commentsCount: 0,
      timestamp: Date.parse('2026-11-20T10:15:30Z'),
      url: 'https://github.com/acme/shop/issues/1',
      activities: [],
    });

    const ref = { projectId: 'acme/shop', ticketId: '1' };
    const activity = await github.comment(config, ref, 'Happens on Safari too.', ctx);
    expect(api.requests.at(-1)!.body).toEqual({ body: 'Happens on Safari too.' });
    expect(activity).toEqual({ id: '9001', type: 'comment', author: 'octocat', createdAt: Date.parse('2026-11-21T08:00:00Z'), message: 'Happens on Safari too.' });

    api.issues.get('acme/shop')![0]!.state = 'closed';
    const read = await github.getTicket(config, ref, ctx);
    expect(api.requests.slice(-2).map((r) => r.url)).toEqual(['/repos/acme/shop/issues/1', '/repos/acme/shop/issues/1/comments?per_page=100']);
    expect(read.closed).toBe(true);
    expect(read.commentsCount).toBe(1);
    expect(read.activities).toEqual([activity]);
  });

  it("passes on GitHub's words when it refuses an issue (422), and says when one is gone (404)", async () => {
    const refused = await failureOf(github.createTicket(config, { projectId: 'acme/shop', issueTypeId: 'bug', title: '', description: '' }, ctx));
    expect(refused.integrationFailure).toBe('bad_answer');
    expect(refused.message).toBe('GitHub refused the request: Validation Failed: title missing_field.');
    const gone = await failureOf(github.getTicket(config, { projectId: 'acme/shop', ticketId: '404' }, ctx));
    expect(gone.integrationFailure).toBe('not_found');
    expect(gone.message).toBe('GitHub has no issue #404 in acme/shop that the token can see: it may have been deleted or transferred.');
  });

  it('says when GitHub asks to slow down: the primary limit spent, a secondary limit with or without Retry-After', async () => {
    const reset = NOW / 1000 + 120;
    api.answerNext('/user', { status: 403, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) }, body: { message: 'API rate limit exceeded for user ID 1.' } });
    const primary = await failureOf(github.checkConnection(config, ctx));
    expect(primary.integrationFailure).toBe('rate_limited');
    expect(primary.retryAfterSeconds).toBe(120);
    expect(primary.message).toBe('GitHub asked to slow down: try again in 120 seconds.');

    api.answerNext('/repos/acme/shop/issues', { status: 429, headers: { 'retry-after': '45' }, body: { message: 'You have exceeded a secondary rate limit.' } });
    const secondary = await failureOf(github.createTicket(config, { projectId: 'acme/shop', issueTypeId: 'bug', title: 'x', description: '' }, ctx));
    expect([secondary.integrationFailure, secondary.retryAfterSeconds]).toEqual(['rate_limited', 45]);

    api.answerNext('/user', { status: 403, body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' } });
    const unsaid = await failureOf(github.checkConnection(config, ctx));
    expect([unsaid.integrationFailure, unsaid.retryAfterSeconds, unsaid.message]).toEqual(['rate_limited', 60, 'GitHub asked to slow down: try again in 60 seconds.']);

    api.answerNext('/repos/acme/shop/labels', { status: 403, body: { message: 'Resource not accessible by personal access token' } });
    const forbidden = await failureOf(github.listIssueTypes(config, 'acme/shop', ctx));
    expect(forbidden.integrationFailure).toBe('auth');
    expect(forbidden.message).toBe('GitHub refused the token this request (Resource not accessible by personal access token): give it the Issues permission (read and write) on the repository.');

    api.answerNext('/user', { status: 502, body: 'Bad Gateway' });
    expect((await failureOf(github.checkConnection(config, ctx))).message).toBe('GitHub answered with an error (HTTP 502): try again in a moment.');
  });

  it('does not follow a next page to another origin with the token', async () => {
    api.answerNext('/user/repos', { status: 200, headers: { link: '<https://elsewhere.example/user/repos?page=2>; rel="next"' }, body: [] });
    const failure = await failureOf(github.listProjects(config, ctx));
    expect(failure.integrationFailure).toBe('bad_answer');
  });

  it('says when GitHub does not answer in time, and refuses a private API address the operator did not allow', async () => {
    const timingOut: OutboundHttpClient = {
      fetch: async (url) => {
        throw new OutboundHttpError('timeout', 'The request took longer than 15000 ms', url);
      },
      stream: async (url) => {
        throw new OutboundHttpError('timeout', 'The request took longer than 15000 ms', url);
      },
    };
    const late = await failureOf(githubTicketProvider(() => 'https://api.github.com').checkConnection(config, { ...ctx, outboundHttp: timingOut }));
    expect([late.integrationFailure, late.message]).toEqual(['timeout', "GitHub did not answer within 15 s: try again later, or check that api.github.com is the tool's address."]);

    const refused = await failureOf(githubTicketProvider(() => 'http://127.0.0.1:9').checkConnection(config, ctx));
    expect([refused.integrationFailure, refused.message]).toEqual([
      'refused_address',
      "GitHub at 127.0.0.1:9 is not on a public address, so Cassette does not call it: use the tool's public address, or ask the operator to allow this host and port (CASSETTE_OUTBOUND_ALLOW_HOSTS).",
    ]);
  });
});
