import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import type { IntegrationContext } from '@cassette/plugin-integrations/api';
import { gitlabTicketProvider as gitlab } from './gitlab-provider.js';

const TOKEN = 'glpat-example-token';

interface Seen {
  method: string;
  path: string;
  token: string | undefined;
  body: unknown;
}

/** GitLab's REST v4 as documented, for one project (42, 'shop/web') with two labels and one issue. */
function startGitlab(): Promise<{ server: http.Server; origin: string; seen: Seen[]; answerNext: (status: number, headers?: Record<string, string>) => void }> {
  const seen: Seen[] = [];
  let forced: { status: number; headers: Record<string, string> } | null = null;
  const issue = { iid: 7, project_id: 42, title: 'Checkout fails', description: 'See the session', state: 'opened', labels: ['bug'], assignee: null, user_notes_count: 1, created_at: '2026-11-20T10:00:00Z', web_url: 'https://gitlab.example/shop/web/-/issues/7' };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://gitlab');
      seen.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, token: req.headers['private-token'] as string | undefined, body: raw ? JSON.parse(raw) : undefined });
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
      if (forced) {
        const { status, headers } = forced;
        forced = null;
        return send(status, { message: String(status) }, headers);
      }
      if (req.headers['private-token'] !== TOKEN) return send(401, { message: '401 Unauthorized' });
      const route = `${req.method} ${url.pathname}`;
      if (route === 'GET /api/v4/user') return send(200, { id: 1, username: 'olga' });
      if (route === 'GET /api/v4/projects') return send(200, [{ id: 42, path_with_namespace: 'shop/web' }]);
      if (route === 'GET /api/v4/projects/42/labels') return send(200, [{ name: 'bug' }, { name: 'ux' }]);
      if (route === 'POST /api/v4/projects/42/issues') {
        const body = JSON.parse(raw) as { title: string; description: string; labels?: string };
        return send(201, { ...issue, iid: 8, title: body.title, description: body.description, labels: body.labels ? [body.labels] : [], user_notes_count: 0 });
      }
      if (route === 'GET /api/v4/projects/42/issues/7') return send(200, issue);
      if (route === 'GET /api/v4/projects/42/issues/7/notes') {
        return send(200, [
          { id: 1, body: 'changed the description', system: true, author: { name: 'Olga' }, created_at: '2026-11-20T10:01:00Z' },
          { id: 2, body: 'Reproduced on Chrome', system: false, author: { name: 'Mia' }, created_at: '2026-11-20T10:05:00Z' },
        ]);
      }
      if (route === 'POST /api/v4/projects/42/issues/7/notes') return send(201, { id: 3, body: (JSON.parse(raw) as { body: string }).body, system: false, author: { name: 'Olga' }, created_at: '2026-11-21T09:00:00Z' });
      return send(404, { message: '404 Not Found' });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({ server, origin, seen, answerNext: (status, headers = {}) => void (forced = { status, headers }) });
    }),
  );
}

describe('GitLab issues (a ticket provider written only against the SDK)', () => {
  let t: TestKernel;
  let stand: Awaited<ReturnType<typeof startGitlab>>;
  let ctx: IntegrationContext;
  let config: { url: string; token: string };
  beforeAll(async () => {
    stand = await startGitlab();
    // Only this stand-in's address is allowed: any other private address stays refused.
    t = await createTestKernel({ env: { CASSETTE_OUTBOUND_ALLOW_HOSTS: new URL(stand.origin).host } });
    ctx = { outboundHttp: t.kernel.resolve(coreServices.outboundHttp), log: t.log, now: () => Date.now() };
    config = { url: `${stand.origin}/`, token: TOKEN };
  });
  afterAll(async () => {
    await t?.close();
    stand?.server.close();
  });

  it('validates the form: a token, and an http(s) instance URL (gitlab.com when left empty)', () => {
    expect(gitlab.validate({ url: 'https://gitlab.com', token: TOKEN })).toEqual({});
    expect(gitlab.validate({ url: '', token: TOKEN })).toEqual({});
    expect(gitlab.validate({ url: 'ftp://gitlab.example', token: ' ' })).toEqual({ url: 'Enter the http(s) address of the GitLab instance.', token: 'Enter a personal access token.' });
    expect(gitlab.fields.find((f) => f.key === 'token')?.kind).toBe('secret');
  });

  it('checks the connection with the token, and says what to do when GitLab refuses it', async () => {
    await gitlab.checkConnection(config, ctx);
    expect(stand.seen.at(-1)).toMatchObject({ method: 'GET', path: '/api/v4/user', token: TOKEN });
    await expect(gitlab.checkConnection({ ...config, token: 'wrong' }, ctx)).rejects.toMatchObject({
      integrationFailure: 'auth',
      message: 'GitLab refused the credentials (401: "401 Unauthorized"): create a personal access token with the api scope (and at least the Reporter role in the project), and paste it again.',
    });
  });

  it('lists the projects the token may report in, and their labels as issue types', async () => {
    expect(await gitlab.listProjects(config, ctx)).toEqual([{ id: '42', name: 'shop/web' }]);
    expect(stand.seen.at(-1)!.path).toContain('min_access_level=20');
    expect(await gitlab.listIssueTypes(config, '42', ctx)).toEqual([
      { id: 'bug', name: 'bug' },
      { id: 'ux', name: 'ux' },
    ]);
  });

  it('creates an issue with the label, and reads one back with its notes as activities', async () => {
    const created = await gitlab.createTicket(config, { projectId: '42', issueTypeId: 'ux', title: 'Pay button dead', description: 'Session: http://cassette/1/session/abc?jumpto=5000' }, ctx);
    expect(stand.seen.at(-1)).toMatchObject({ method: 'POST', path: '/api/v4/projects/42/issues', body: { title: 'Pay button dead', description: 'Session: http://cassette/1/session/abc?jumpto=5000', labels: 'ux' } });
    expect(created).toMatchObject({ id: '8', projectId: '42', title: 'Pay button dead', issueType: 'ux', closed: false, commentsCount: 0 });

    const ticket = await gitlab.getTicket(config, { projectId: '42', ticketId: '7' }, ctx);
    expect(ticket).toMatchObject({ id: '7', title: 'Checkout fails', url: 'https://gitlab.example/shop/web/-/issues/7', timestamp: Date.parse('2026-11-20T10:00:00Z') });
    expect(ticket.activities?.map((a) => [a.type, a.author, a.message])).toEqual([
      ['status', 'Olga', 'changed the description'],
      ['comment', 'Mia', 'Reproduced on Chrome'],
    ]);
    const note = await gitlab.comment(config, { projectId: '42', ticketId: '7' }, 'Fixed in 2.3', ctx);
    expect(stand.seen.at(-1)).toMatchObject({ method: 'POST', path: '/api/v4/projects/42/issues/7/notes', body: { body: 'Fixed in 2.3' } });
    expect(note).toMatchObject({ id: '3', type: 'comment', message: 'Fixed in 2.3' });
  });

  it("turns GitLab's refusals into sentences: unknown issue, rate limit with its wait", async () => {
    stand.answerNext(429, { 'retry-after': '30' });
    await expect(gitlab.listProjects(config, ctx)).rejects.toMatchObject({ integrationFailure: 'rate_limited', retryAfterSeconds: 30, message: 'GitLab asked to slow down (429): too many requests for now; try again in 30 s.' });
    await expect(gitlab.getTicket(config, { projectId: '42', ticketId: '999' }, ctx)).rejects.toMatchObject({ integrationFailure: 'not_found' });
  });

  it('refuses an instance on a private address the operator did not allow, before anything is sent', async () => {
    const other = await startGitlab();
    try {
      await expect(gitlab.checkConnection({ url: other.origin, token: TOKEN }, ctx)).rejects.toMatchObject({ integrationFailure: 'refused_address' });
      expect(other.seen).toEqual([]);
    } finally {
      other.server.close();
    }
  });
});
