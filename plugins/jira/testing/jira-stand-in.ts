// A local Jira Cloud for tests: the REST v3 calls the provider makes, answered as Jira documents
// them, behind basic auth; every request recorded; a path can be made to answer an error next.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedJiraRequest {
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
  id: string;
  key: string;
  project: string;
  summary: string;
  description: unknown;
  issueTypeId: string;
  done: boolean;
  created: string;
  comments: { id: string; body: unknown; created: string }[];
}

export interface JiraStandIn {
  url: string;
  hostPort: string;
  requests: RecordedJiraRequest[];
  issues: Map<string, StoredIssue>;
  /** The next request whose path starts with `pathPrefix` gets this answer instead. */
  answerNext(pathPrefix: string, answer: ScriptedAnswer): void;
  close(): Promise<void>;
}

export interface JiraStandInOptions {
  email: string;
  token: string;
  /** Projects per page of `/project/search` at most (Jira's is 50), to test paging with few. */
  pageSize?: number;
  projects?: { id: string; key: string; name: string }[];
}

const ISSUE_TYPES: Record<string, { id: string; name: string; iconUrl: string; subtask: boolean }[]> = {
  SHOP: [
    { id: '10001', name: 'Bug', iconUrl: 'https://jira.example/bug.svg', subtask: false },
    { id: '10002', name: 'Task', iconUrl: 'https://jira.example/task.svg', subtask: false },
    { id: '10003', name: 'Sub-task', iconUrl: 'https://jira.example/sub.svg', subtask: true },
  ],
};

const AUTHOR = { accountId: '5b10a2844c20165700ede21g', displayName: 'Ada Lovelace', emailAddress: 'ada@example.com' };

function send(res: import('node:http').ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json', ...headers });
  res.end(text);
}

export async function startJiraStandIn(options: JiraStandInOptions): Promise<JiraStandIn> {
  const requests: RecordedJiraRequest[] = [];
  const scripted: { prefix: string; answer: ScriptedAnswer }[] = [];
  const issues = new Map<string, StoredIssue>();
  const projects = options.projects ?? [
    { id: '10000', key: 'SHOP', name: 'Shop' },
    { id: '10010', key: 'OPS', name: 'Operations' },
    { id: '10020', key: 'WEB', name: 'Website' },
  ];
  const expected = `Basic ${Buffer.from(`${options.email}:${options.token}`).toString('base64')}`;
  let serial = 0;
  let server: Server;
  let base = '';

  const issueView = (issue: StoredIssue) => {
    const type = (ISSUE_TYPES[issue.project] ?? []).find((t) => t.id === issue.issueTypeId);
    return {
      id: issue.id,
      key: issue.key,
      self: `${base}/rest/api/3/issue/${issue.id}`,
      fields: {
        summary: issue.summary,
        description: issue.description,
        issuetype: type,
        assignee: null,
        status: issue.done ? { name: 'Done', statusCategory: { key: 'done' } } : { name: 'To Do', statusCategory: { key: 'new' } },
        created: issue.created,
        project: { id: projects.find((p) => p.key === issue.project)?.id, key: issue.project },
        comment: { comments: issue.comments.map((c) => ({ ...c, author: AUTHOR })), maxResults: issue.comments.length, total: issue.comments.length, startAt: 0 },
      },
    };
  };

  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      const url = new URL(req.url ?? '/', base);
      requests.push({ method: req.method ?? '', url: `${url.pathname}${url.search}`, headers: req.headers, body });
      const i = scripted.findIndex((s) => url.pathname.startsWith(s.prefix));
      if (i >= 0) {
        const { answer } = scripted.splice(i, 1)[0]!;
        return send(res, answer.status, answer.body, answer.headers);
      }
      if (req.headers.authorization !== expected) return send(res, 401, 'Client must be authenticated to access this resource.');
      const path = url.pathname;
      if (req.method === 'GET' && path === '/rest/api/3/myself') return send(res, 200, AUTHOR);
      if (req.method === 'GET' && path === '/rest/api/3/project/search') {
        const startAt = Number(url.searchParams.get('startAt') ?? 0);
        const max = Math.min(Number(url.searchParams.get('maxResults') ?? 50), options.pageSize ?? 50);
        const values = projects.slice(startAt, startAt + max);
        return send(res, 200, { self: `${base}${path}`, maxResults: max, startAt, total: projects.length, isLast: startAt + max >= projects.length, values });
      }
      const types = /^\/rest\/api\/3\/issue\/createmeta\/([^/]+)\/issuetypes$/.exec(path);
      if (req.method === 'GET' && types) {
        const key = decodeURIComponent(types[1]!);
        if (!projects.some((p) => p.key === key)) return send(res, 404, { errorMessages: ['No project could be found with key \'' + key + '\'.'], errors: {} });
        const list = ISSUE_TYPES[key] ?? [];
        return send(res, 200, { issueTypes: list, maxResults: 200, startAt: 0, total: list.length });
      }
      if (req.method === 'POST' && path === '/rest/api/3/issue') {
        const fields = (body as { fields?: Record<string, any> })?.fields ?? {};
        const project = projects.find((p) => p.key === fields.project?.key);
        if (!project) return send(res, 400, { errorMessages: [], errors: { project: 'valid project is required' } });
        if (!(ISSUE_TYPES[project.key] ?? []).some((t) => t.id === fields.issuetype?.id)) return send(res, 400, { errorMessages: [], errors: { issuetype: 'Specify a valid issue type' } });
        if (typeof fields.summary !== 'string' || !fields.summary) return send(res, 400, { errorMessages: [], errors: { summary: 'You must specify a summary of the issue.' } });
        serial += 1;
        const issue: StoredIssue = { id: String(10_000 + serial), key: `${project.key}-${serial}`, project: project.key, summary: fields.summary, description: fields.description ?? null, issueTypeId: fields.issuetype.id, done: false, created: '2026-11-20T10:15:30.000+0000', comments: [] };
        issues.set(issue.key, issue);
        return send(res, 201, { id: issue.id, key: issue.key, self: `${base}/rest/api/3/issue/${issue.id}` });
      }
      const one = /^\/rest\/api\/3\/issue\/([^/]+)(\/comment)?$/.exec(path);
      if (one) {
        const issue = issues.get(decodeURIComponent(one[1]!));
        if (!issue) return send(res, 404, { errorMessages: ['Issue does not exist or you do not have permission to see it.'], errors: {} });
        if (req.method === 'GET' && !one[2]) return send(res, 200, issueView(issue));
        if (req.method === 'POST' && one[2]) {
          const comment = { id: String(20_000 + issue.comments.length), body: (body as { body?: unknown })?.body, created: '2026-11-21T08:00:00.000+0000' };
          issue.comments.push(comment);
          return send(res, 201, { ...comment, author: AUTHOR, self: `${base}/rest/api/3/issue/${issue.id}/comment/${comment.id}` });
        }
      }
      return send(res, 404, { errorMessages: ['Not found'], errors: {} });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    hostPort: `127.0.0.1:${port}`,
    requests,
    issues,
    answerNext: (prefix, answer) => scripted.push({ prefix, answer }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
