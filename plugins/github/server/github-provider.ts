// GitHub issues as the integrations plugin's ticket provider: the repositories the token may push
// to are the projects, a repository's labels its issue types.
import { integrationFailure } from '@cassette/plugin-sdk/server';
import type { IntegrationConfig, IntegrationContext, Ticket, TicketActivity, TicketIssueType, TicketProject, TicketProvider } from '@cassette/plugin-integrations/api';
import type { GithubConfig } from '../api.js';
import { githubCall, type GithubRequest } from './github-client.js';

export const DEFAULT_GITHUB_API_URL = 'https://api.github.com';

interface GithubRepo {
  full_name: string;
  permissions?: { push?: boolean };
  has_issues?: boolean;
}
interface GithubLabel {
  name: string;
}
interface GithubUser {
  login: string;
}
interface GithubIssue {
  number: number;
  title: string;
  body?: string | null;
  state: 'open' | 'closed';
  labels?: (GithubLabel | string)[];
  assignee?: GithubUser | null;
  comments?: number;
  created_at: string;
  html_url: string;
}
interface GithubComment {
  id: number;
  user?: GithubUser | null;
  body?: string | null;
  created_at: string;
}

/** Pages of 100 followed at most; past that a user has more repositories than a picker can show. */
const MAX_PAGES = 10;
const REPOSITORY = /^[A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}$/;
const ISSUE_NUMBER = /^[1-9][0-9]{0,9}$/;

const tokenOf = (config: IntegrationConfig): string => String(config.token ?? '').trim();

function repositoryPath(projectId: string): string {
  if (!REPOSITORY.test(projectId) || projectId.includes('..')) throw integrationFailure('not_found', `GitHub has no repository "${projectId.slice(0, 140)}".`);
  return projectId;
}

function issuePath(ref: { projectId: string; ticketId: string }): string {
  if (!ISSUE_NUMBER.test(ref.ticketId)) throw integrationFailure('not_found', `GitHub has no issue #${ref.ticketId.slice(0, 20)} in ${ref.projectId.slice(0, 140)}.`);
  return `/repos/${repositoryPath(ref.projectId)}/issues/${ref.ticketId}`;
}

const labelName = (label: GithubLabel | string): string => (typeof label === 'string' ? label : label.name);

function activity(comment: GithubComment): TicketActivity {
  return { id: String(comment.id), type: 'comment', author: comment.user?.login ?? 'ghost', createdAt: Date.parse(comment.created_at) || 0, message: comment.body ?? '' };
}

function ticketOf(issue: GithubIssue, projectId: string, comments?: GithubComment[]): Ticket {
  return {
    id: String(issue.number),
    projectId,
    title: issue.title,
    description: issue.body ?? '',
    issueType: issue.labels?.[0] ? labelName(issue.labels[0]) : '',
    assignee: issue.assignee?.login ?? null,
    closed: issue.state === 'closed',
    commentsCount: issue.comments ?? comments?.length ?? 0,
    timestamp: Date.parse(issue.created_at) || 0,
    url: issue.html_url,
    ...(comments ? { activities: comments.map(activity) } : {}),
  };
}

/** The GitHub provider, calling the API at `apiUrl()` (the operator's setting, api.github.com by default). */
export function githubTicketProvider(apiUrl: () => string): TicketProvider {
  const call = <T>(config: IntegrationConfig | GithubConfig, ctx: IntegrationContext, request: GithubRequest) => githubCall<T>(apiUrl(), tokenOf(config as IntegrationConfig), ctx, request);

  /** Every page of a list, following `Link: rel="next"`. */
  async function all<T>(config: IntegrationConfig, ctx: IntegrationContext, request: GithubRequest): Promise<T[]> {
    const items: T[] = [];
    let path: string | null = request.path;
    for (let page = 0; path && page < MAX_PAGES; page++) {
      const answer: { data: T[] | null; next: string | null } = await call<T[]>(config, ctx, { ...request, path });
      if (!Array.isArray(answer.data)) throw integrationFailure('bad_answer', 'GitHub answered something that is not its API.');
      items.push(...answer.data);
      path = answer.next;
    }
    return items;
  }

  async function fetchTicket(config: IntegrationConfig, ref: { projectId: string; ticketId: string }, ctx: IntegrationContext): Promise<Ticket> {
    const notFound = `GitHub has no issue #${ref.ticketId} in ${ref.projectId} that the token can see: it may have been deleted or transferred.`;
    const { data: issue } = await call<GithubIssue>(config, ctx, { path: issuePath(ref), notFound });
    if (!issue?.number) throw integrationFailure('bad_answer', 'GitHub answered without the issue.');
    const comments = (issue.comments ?? 1) > 0 ? await all<GithubComment>(config, ctx, { path: `${issuePath(ref)}/comments?per_page=100`, notFound }) : [];
    return ticketOf(issue, ref.projectId, comments);
  }

  return {
    id: 'github',
    label: 'GitHub',
    description: 'Create GitHub issues from sessions, labelled, with a link to the moment in the replay.',
    fields: [{ key: 'token', label: 'Token', kind: 'secret', required: true, hint: 'A personal access token that may read and write the issues of your repositories.' }],

    validate(config): Record<string, string> {
      return tokenOf(config) ? {} : { token: 'Token is required' };
    },

    async checkConnection(config, ctx) {
      const { data } = await call<GithubUser>(config, ctx, { path: '/user', notFound: 'GitHub found no user for this token: check the API address.' });
      if (!data?.login) throw integrationFailure('bad_answer', 'GitHub answered something that is not its API.');
    },

    async listProjects(config, ctx): Promise<TicketProject[]> {
      const repos = await all<GithubRepo>(config, ctx, { path: '/user/repos?per_page=100&sort=full_name', notFound: 'GitHub found no repositories for this token.' });
      // A ticket is filed where the token may write; a repository with issues turned off takes none.
      return repos.filter((r) => r.permissions?.push === true && r.has_issues !== false).map((r) => ({ id: r.full_name, name: r.full_name }));
    },

    async listIssueTypes(config, projectId, ctx): Promise<TicketIssueType[]> {
      const labels = await all<GithubLabel>(config, ctx, {
        path: `/repos/${repositoryPath(projectId)}/labels?per_page=100`,
        notFound: `GitHub has no repository ${projectId} that the token can see.`,
      });
      return labels.map((l) => ({ id: l.name, name: l.name }));
    },

    async createTicket(config, ticket, ctx): Promise<Ticket> {
      const { data: issue } = await call<GithubIssue>(config, ctx, {
        method: 'POST',
        path: `/repos/${repositoryPath(ticket.projectId)}/issues`,
        body: { title: ticket.title, body: ticket.description, ...(ticket.issueTypeId ? { labels: [ticket.issueTypeId] } : {}) },
        notFound: `GitHub has no repository ${ticket.projectId} in which the token may open issues.`,
      });
      if (!issue?.number) throw integrationFailure('bad_answer', 'GitHub answered without the new issue.');
      return ticketOf(issue, ticket.projectId, []);
    },

    getTicket: fetchTicket,

    async comment(config, ref, message, ctx): Promise<TicketActivity> {
      const { data } = await call<GithubComment>(config, ctx, {
        method: 'POST',
        path: `${issuePath(ref)}/comments`,
        body: { body: message },
        notFound: `GitHub has no issue #${ref.ticketId} in ${ref.projectId} that the token may comment on.`,
      });
      if (!data?.id) throw integrationFailure('bad_answer', 'GitHub answered without the comment.');
      return activity(data);
    },
  };
}
