// The TicketProvider contract (plugins/integrations/api.ts) over GitLab issues: projects the
// token can report in, labels as issue types, an issue per ticket, notes as its activities.
import type { IntegrationConfig, Ticket, TicketActivity, TicketProvider } from '@cassette/plugin-integrations/api';
import { GITLAB_DEFAULT_URL, gitlab } from './gitlab-api.js';

interface GitlabProject {
  id: number;
  path_with_namespace: string;
}
interface GitlabLabel {
  name: string;
}
interface GitlabIssue {
  iid: number;
  project_id: number;
  title: string;
  description: string | null;
  state: 'opened' | 'closed';
  labels: string[];
  assignee: { name: string } | null;
  user_notes_count: number;
  created_at: string;
  web_url: string;
}
interface GitlabNote {
  id: number;
  body: string;
  system: boolean;
  author: { name: string };
  created_at: string;
}

/** Reporter: the lowest role that may open issues. */
const REPORTER_ACCESS_LEVEL = 20;
const PAGE = 100;

function ticketOf(issue: GitlabIssue, notes?: GitlabNote[]): Ticket {
  return {
    id: String(issue.iid),
    projectId: String(issue.project_id),
    title: issue.title,
    description: issue.description ?? '',
    issueType: issue.labels[0] ?? '',
    assignee: issue.assignee?.name ?? null,
    closed: issue.state === 'closed',
    commentsCount: issue.user_notes_count,
    timestamp: Date.parse(issue.created_at),
    url: issue.web_url,
    ...(notes ? { activities: notes.map(activityOf) } : {}),
  };
}

function activityOf(note: GitlabNote): TicketActivity {
  // GitLab writes state changes and label edits as system notes.
  return { id: String(note.id), type: note.system ? 'status' : 'comment', author: note.author.name, createdAt: Date.parse(note.created_at), message: note.body };
}

const issuePath = (ref: { projectId: string; ticketId: string }) => `/projects/${encodeURIComponent(ref.projectId)}/issues/${encodeURIComponent(ref.ticketId)}`;

function validate(config: IntegrationConfig): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!String(config.token ?? '').trim()) problems.token = 'Enter a personal access token.';
  try {
    const url = new URL(String(config.url || GITLAB_DEFAULT_URL));
    if (url.protocol !== 'https:' && url.protocol !== 'http:') problems.url = 'Enter the http(s) address of the GitLab instance.';
  } catch {
    problems.url = 'Enter the http(s) address of the GitLab instance.';
  }
  return problems;
}

export const gitlabTicketProvider: TicketProvider = {
  id: 'gitlab',
  label: 'GitLab',
  description: 'Create GitLab issues from sessions, labelled, with a link back to the moment.',
  fields: [
    { key: 'url', label: 'GitLab URL', kind: 'url', required: false, default: GITLAB_DEFAULT_URL, placeholder: GITLAB_DEFAULT_URL, hint: 'Your self-managed instance, or gitlab.com.' },
    { key: 'token', label: 'Personal access token', kind: 'secret', required: true, hint: 'With the api scope.' },
  ],
  validate,
  async checkConnection(config, ctx) {
    await gitlab(config, ctx, '/user');
  },
  async listProjects(config, ctx) {
    const projects = await gitlab<GitlabProject[]>(config, ctx, `/projects?membership=true&min_access_level=${REPORTER_ACCESS_LEVEL}&simple=true&order_by=path&sort=asc&per_page=${PAGE}`);
    return projects.map((p) => ({ id: String(p.id), name: p.path_with_namespace }));
  },
  async listIssueTypes(config, projectId, ctx) {
    const labels = await gitlab<GitlabLabel[]>(config, ctx, `/projects/${encodeURIComponent(projectId)}/labels?per_page=${PAGE}`);
    return labels.map((l) => ({ id: l.name, name: l.name }));
  },
  async createTicket(config, ticket, ctx) {
    const issue = await gitlab<GitlabIssue>(config, ctx, `/projects/${encodeURIComponent(ticket.projectId)}/issues`, {
      method: 'POST',
      body: { title: ticket.title, description: ticket.description, ...(ticket.issueTypeId ? { labels: ticket.issueTypeId } : {}) },
    });
    return ticketOf(issue);
  },
  async getTicket(config, ref, ctx) {
    const [issue, notes] = await Promise.all([gitlab<GitlabIssue>(config, ctx, issuePath(ref)), gitlab<GitlabNote[]>(config, ctx, `${issuePath(ref)}/notes?sort=asc&per_page=${PAGE}`)]);
    return ticketOf(issue, notes);
  },
  async comment(config, ref, message, ctx) {
    return activityOf(await gitlab<GitlabNote>(config, ctx, `${issuePath(ref)}/notes`, { method: 'POST', body: { body: message } }));
  },
};
