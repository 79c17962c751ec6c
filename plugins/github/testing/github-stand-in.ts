// A local GitHub REST API for tests: the calls the provider makes, answered as GitHub documents
// them (Bearer token, paginated lists with Link headers); every request recorded; a path can be
// made to answer an error next.
import type { IncomingHttpHeaders } from 'node:http';
import { startHttpStandIn, type StandInReply } from '@cassette/plugin-sdk/testing';

export interface RecordedGithubRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

interface StoredIssue {
  number: number;
  title: string;
  body: string | null;
  labels: string[];
  state: 'open' | 'closed';
  comments: { id: number; body: string; created_at: string }[];
}

export interface GithubStandIn {
  url: string;
  hostPort: string;
  requests: RecordedGithubRequest[];
  /** By `owner/repo`. */
  issues: Map<string, StoredIssue[]>;
  answerNext(pathPrefix: string, answer: ScriptedAnswer): void;
  close(): Promise<void>;
}

const REPOS = [
  { full_name: 'acme/shop', permissions: { admin: false, push: true, pull: true }, has_issues: true },
  { full_name: 'acme/docs', permissions: { admin: false, push: false, pull: true }, has_issues: true },
  { full_name: 'acme/legacy', permissions: { admin: true, push: true, pull: true }, has_issues: false },
  { full_name: 'octocat/hello', permissions: { admin: true, push: true, pull: true }, has_issues: true },
];
const LABELS: Record<string, string[]> = { 'acme/shop': ['bug', 'enhancement'], 'octocat/hello': ['bug'] };
const USER = { login: 'octocat', id: 1 };

function send(status: number, body: unknown, headers: Record<string, string> = {}): StandInReply {
  return { status, body, headers: { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json; charset=utf-8', ...headers } };
}

export async function startGithubStandIn(options: { token: string; pageSize?: number }): Promise<GithubStandIn> {
  const requests: RecordedGithubRequest[] = [];
  const scripted: { prefix: string; answer: ScriptedAnswer }[] = [];
  const issues = new Map<string, StoredIssue[]>();
  let base = '';
  let commentSerial = 0;

  const issueView = (repo: string, issue: StoredIssue) => ({
    number: issue.number,
    title: issue.title,
    body: issue.body,
    state: issue.state,
    labels: issue.labels.map((name) => ({ name })),
    assignee: null,
    comments: issue.comments.length,
    created_at: '2026-11-20T10:15:30Z',
    html_url: `https://github.com/${repo}/issues/${issue.number}`,
  });
  const commentView = (c: StoredIssue['comments'][number]) => ({ ...c, user: USER });

  /** One page of `items` with GitHub's Link header when more follow. */
  const page = (url: URL, items: unknown[]): StandInReply => {
    const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 30), options.pageSize ?? 100);
    const n = Number(url.searchParams.get('page') ?? 1);
    const slice = items.slice((n - 1) * perPage, n * perPage);
    const headers: Record<string, string> = {};
    if (n * perPage < items.length) {
      const next = new URL(url);
      next.searchParams.set('page', String(n + 1));
      headers.link = `<${next.href}>; rel="next", <${next.href}>; rel="last"`;
    }
    return send(200, slice, headers);
  };

  const server = await startHttpStandIn((req) => {
    const raw = req.body;
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    const url = new URL(req.path, base);
    requests.push({ method: req.method, url: `${url.pathname}${url.search}`, headers: req.headers, body });
    const i = scripted.findIndex((s) => url.pathname.startsWith(s.prefix));
    if (i >= 0) {
      const { answer } = scripted.splice(i, 1)[0]!;
      return send(answer.status, answer.body, answer.headers);
    }
    if (req.headers.authorization !== `Bearer ${options.token}`) return send(401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
    const path = url.pathname;
    if (req.method === 'GET' && path === '/user') return send(200, USER);
    if (req.method === 'GET' && path === '/user/repos') return page(url, REPOS);
    const labels = /^\/repos\/([^/]+\/[^/]+)\/labels$/.exec(path);
    if (req.method === 'GET' && labels) {
      const list = LABELS[labels[1]!];
      return list ? page(url, list.map((name, n) => ({ id: n + 1, name, color: 'd73a4a' }))) : send(404, { message: 'Not Found' });
    }
    const create = /^\/repos\/([^/]+\/[^/]+)\/issues$/.exec(path);
    if (req.method === 'POST' && create) {
      const repo = create[1]!;
      if (!LABELS[repo]) return send(404, { message: 'Not Found' });
      const input = body as { title?: unknown; body?: unknown; labels?: unknown };
      if (typeof input?.title !== 'string' || !input.title) return send(422, { message: 'Validation Failed', errors: [{ resource: 'Issue', code: 'missing_field', field: 'title' }] });
      const list = issues.get(repo) ?? [];
      const issue: StoredIssue = { number: list.length + 1, title: input.title, body: typeof input.body === 'string' ? input.body : null, labels: Array.isArray(input.labels) ? input.labels.map(String) : [], state: 'open', comments: [] };
      list.push(issue);
      issues.set(repo, list);
      return send(201, issueView(repo, issue));
    }
    const one = /^\/repos\/([^/]+\/[^/]+)\/issues\/(\d+)(\/comments)?$/.exec(path);
    if (one) {
      const repo = one[1]!;
      const issue = (issues.get(repo) ?? []).find((x) => x.number === Number(one[2]));
      if (!issue) return send(404, { message: 'Not Found' });
      if (req.method === 'GET' && !one[3]) return send(200, issueView(repo, issue));
      if (req.method === 'GET' && one[3]) return page(url, issue.comments.map(commentView));
      if (req.method === 'POST' && one[3]) {
        const text = (body as { body?: unknown })?.body;
        if (typeof text !== 'string' || !text) return send(422, { message: 'Validation Failed', errors: [{ resource: 'IssueComment', code: 'missing_field', field: 'body' }] });
        const comment = { id: 9000 + ++commentSerial, body: text, created_at: '2026-11-21T08:00:00Z' };
        issue.comments.push(comment);
        return send(201, commentView(comment));
      }
    }
    return send(404, { message: 'Not Found' });
  });
  base = server.origin;
  return {
    url: base,
    hostPort: server.hostPort,
    requests,
    issues,
    answerNext: (prefix, answer) => scripted.push({ prefix, answer }),
    close: () => server.close(),
  };
}
