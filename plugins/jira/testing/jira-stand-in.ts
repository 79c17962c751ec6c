// A local Jira Cloud for tests: the REST v3 calls the provider makes, answered as Jira documents
// them, behind basic auth; every request recorded; a path can be made to answer an error next.
import type { IncomingHttpHeaders } from 'node:http';
import { startHttpStandIn, type StandInReply } from '@cassette/plugin-sdk/testing';

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

function send(status: number, body: unknown, headers: Record<string, string> = {}): StandInReply {
  return { status, body, headers: { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json', ...headers } };
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
    if (req.headers.authorization !== expected) return send(401, 'Client must be authenticated to access this resource.');
    const path = url.pathname;
    if (req.method === 'GET' && path === '/rest/api/3/myself') return send(200, AUTHOR);
    if (req.method === 'GET' && path === '/rest/api/3/project/search') {
      const startAt = Number(url.searchParams.get('startAt') ?? 0);
      const max = Math.min(Number(url.searchParams.get('maxResults') ?? 50), options.pageSize ?? 50);
      const values = projects.slice(startAt, startAt + max);
      return send(200, { self: `${base}${path}`, maxResults: max, startAt, total: projects.length, isLast: startAt + max >= projects.length, values });
    }
    const types = /^\/rest\/api\/3\/issue\/createmeta\/([^/]+)\/issuetypes$/.exec(path);
    if (req.method === 'GET' && types) {
      const key = decodeURIComponent(types[1]!);
      if (!projects.some((p) => p.key === key)) return send(404, { errorMessages: ['No project could be found with key \'' + key + '\'.'], errors: {} });
      const list = ISSUE_TYPES[key] ?? [];
      return send(200, { issueTypes: list, maxResults: 200, startAt: 0, total: list.length });
    }
    if (req.method === 'POST' && path === '/rest/api/3/issue') {
      const fields = (body as { fields?: Record<string, any> })?.fields ?? {};
      const project = projects.find((p) => p.key === fields.project?.key);
      if (!project) return send(400, { errorMessages: [], errors: { project: 'valid project is required' } });
      if (!(ISSUE_TYPES[project.key] ?? []).some((t) => t.id === fields.issuetype?.id)) return send(400, { errorMessages: [], errors: { issuetype: 'Specify a valid issue type' } });
      if (typeof fields.summary !== 'string' || !fields.summary) return send(400, { errorMessages: [], errors: { summary: 'You must specify a summary of the issue.' } });
      serial += 1;
      const issue: StoredIssue = { id: String(10_000 + serial), key: `${project.key}-${serial}`, project: project.key, summary: fields.summary, description: fields.description ?? null, issueTypeId: fields.issuetype.id, done: false, created: '2026-11-20T10:15:30.000+0000', comments: [] };
      issues.set(issue.key, issue);
      return send(201, { id: issue.id, key: issue.key, self: `${base}/rest/api/3/issue/${issue.id}` });
    }
    const one = /^\/rest\/api\/3\/issue\/([^/]+)(\/comment)?$/.exec(path);
    if (one) {
      const issue = issues.get(decodeURIComponent(one[1]!));
      if (!issue) return send(404, { errorMessages: ['Issue does not exist or you do not have permission to see it.'], errors: {} });
      if (req.method === 'GET' && !one[2]) return send(200, issueView(issue));
      if (req.method === 'POST' && one[2]) {
        const comment = { id: String(20_000 + issue.comments.length), body: (body as { body?: unknown })?.body, created: '2026-11-21T08:00:00.000+0000' };
        issue.comments.push(comment);
        return send(201, { ...comment, author: AUTHOR, self: `${base}/rest/api/3/issue/${issue.id}/comment/${comment.id}` });
      }
    }
    return send(404, { errorMessages: ['Not found'], errors: {} });
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
