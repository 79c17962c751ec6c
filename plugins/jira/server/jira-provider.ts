// Jira Cloud as the integrations plugin's ticket provider: REST API v3 on the user's site,
// descriptions and comments in Atlassian Document Format.
import { integrationFailure } from '@cassette/plugin-sdk/server';
import type { IntegrationConfig, IntegrationContext, Ticket, TicketActivity, TicketIssueType, TicketProject, TicketProvider } from '@cassette/plugin-integrations/api';
import type { JiraConfig } from '../api.js';
import { adfToText, textToAdf } from './adf.js';
import { jiraCall } from './jira-client.js';
import { JIRA_FIELDS, readJiraConfig, validateJiraConfig } from './jira-config.js';

interface JiraUser {
  displayName?: string;
  emailAddress?: string;
}
interface JiraProjectPage {
  values?: { id: string; key: string; name: string }[];
  isLast?: boolean;
}
interface JiraIssueTypePage {
  issueTypes?: JiraIssueType[];
  values?: JiraIssueType[];
}
interface JiraIssueType {
  id: string;
  name: string;
  iconUrl?: string;
  subtask?: boolean;
}
interface JiraComment {
  id: string;
  author?: JiraUser;
  body?: unknown;
  created?: string;
}
interface JiraIssue {
  id: string;
  key: string;
  fields?: {
    summary?: string;
    description?: unknown;
    issuetype?: JiraIssueType;
    assignee?: JiraUser | null;
    status?: { name?: string; statusCategory?: { key?: string } };
    created?: string;
    project?: { key?: string };
    comment?: { comments?: JiraComment[]; total?: number };
  };
}

/** Pages of 50 projects; a site with more than this many is searched by name in Jira itself. */
const PROJECT_PAGES = 20;
const ISSUE_FIELDS = 'summary,description,issuetype,assignee,status,created,project,comment';
const KEY = /^[A-Za-z0-9_.-]{1,255}$/;

/** Jira writes offsets without a colon (`+0000`), which not every date parser takes. */
function epochMs(iso: string | undefined): number {
  if (!iso) return 0;
  const ms = Date.parse(iso.replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
  return Number.isNaN(ms) ? 0 : ms;
}

/** A key or id the user's input put into a path: anything else is not a Jira key, so not found. */
function pathKey(value: string, what: string): string {
  if (!KEY.test(value)) throw integrationFailure('not_found', `Jira has no ${what} "${value.slice(0, 80)}".`);
  return encodeURIComponent(value);
}

function activity(comment: JiraComment): TicketActivity {
  return { id: comment.id, type: 'comment', author: comment.author?.displayName ?? 'Unknown', createdAt: epochMs(comment.created), message: adfToText(comment.body) };
}

function ticketOf(issue: JiraIssue, site: string, fallbackProject: string): Ticket {
  const f = issue.fields ?? {};
  const comments = f.comment?.comments ?? [];
  return {
    id: issue.key,
    projectId: f.project?.key ?? fallbackProject,
    title: f.summary ?? '',
    description: adfToText(f.description),
    issueType: f.issuetype?.name ?? '',
    assignee: f.assignee?.displayName ?? null,
    closed: f.status?.statusCategory?.key === 'done',
    commentsCount: f.comment?.total ?? comments.length,
    timestamp: epochMs(f.created),
    url: `${site}/browse/${encodeURIComponent(issue.key)}`,
    ...(f.issuetype?.iconUrl ? { iconUrl: f.issuetype.iconUrl } : {}),
    activities: comments.map(activity),
  };
}

async function fetchIssue(config: JiraConfig, ctx: IntegrationContext, ticketId: string, projectId: string): Promise<Ticket> {
  const issue = await jiraCall<JiraIssue>(config, ctx, {
    path: `/rest/api/3/issue/${pathKey(ticketId, 'issue')}?fields=${ISSUE_FIELDS}`,
    notFound: `Jira has no issue ${ticketId} that this account can see: it may have been deleted or moved.`,
  });
  if (!issue?.key) throw integrationFailure('bad_answer', 'Jira answered without the issue: check the Jira URL.');
  return ticketOf(issue, config.url, projectId);
}

export const jiraTicketProvider: TicketProvider = {
  id: 'jira',
  label: 'Jira',
  description: 'Create Jira issues from sessions, with a link to the moment in the replay.',
  fields: JIRA_FIELDS,
  validate: validateJiraConfig,

  async checkConnection(config: IntegrationConfig, ctx: IntegrationContext): Promise<void> {
    const me = await jiraCall<JiraUser>(readJiraConfig(config), ctx, {
      path: '/rest/api/3/myself',
      notFound: 'Cassette found no Jira Cloud API at this URL: check the Jira URL (https://your-team.atlassian.net).',
    });
    if (!me || typeof me !== 'object') throw integrationFailure('bad_answer', 'Jira answered something that is not its API: check the Jira URL.');
  },

  async listProjects(raw, ctx): Promise<TicketProject[]> {
    const config = readJiraConfig(raw);
    const projects: TicketProject[] = [];
    // Jira may answer fewer than asked per page: the next page starts after what came.
    for (let page = 0, startAt = 0; page < PROJECT_PAGES; page++) {
      const answer = await jiraCall<JiraProjectPage>(config, ctx, {
        path: `/rest/api/3/project/search?startAt=${startAt}&maxResults=50&orderBy=name`,
        notFound: 'Cassette found no Jira Cloud API at this URL: check the Jira URL.',
      });
      const values = answer?.values ?? [];
      projects.push(...values.map((p) => ({ id: p.key, name: p.name })));
      startAt += values.length;
      if (answer?.isLast !== false || values.length === 0) break;
    }
    return projects;
  },

  async listIssueTypes(raw, projectId, ctx): Promise<TicketIssueType[]> {
    const config = readJiraConfig(raw);
    const answer = await jiraCall<JiraIssueTypePage>(config, ctx, {
      path: `/rest/api/3/issue/createmeta/${pathKey(projectId, 'project')}/issuetypes?maxResults=200`,
      notFound: `Jira has no project ${projectId} in which this account may create issues.`,
    });
    // A sub-task needs a parent issue, which a ticket made from a session does not have.
    return (answer?.issueTypes ?? answer?.values ?? []).filter((t) => !t.subtask).map((t) => ({ id: t.id, name: t.name, ...(t.iconUrl ? { iconUrl: t.iconUrl } : {}) }));
  },

  async createTicket(raw, ticket, ctx): Promise<Ticket> {
    const config = readJiraConfig(raw);
    const created = await jiraCall<{ id: string; key: string }>(config, ctx, {
      method: 'POST',
      path: '/rest/api/3/issue',
      body: {
        fields: {
          project: { key: ticket.projectId },
          issuetype: { id: ticket.issueTypeId },
          summary: ticket.title,
          description: textToAdf(ticket.description),
        },
      },
      notFound: `Jira has no project ${ticket.projectId} in which this account may create issues.`,
    });
    if (!created?.key) throw integrationFailure('bad_answer', 'Jira answered without the new issue: check the Jira URL.');
    try {
      return await fetchIssue(config, ctx, created.key, ticket.projectId);
    } catch (error) {
      // The issue exists: failing now would have the user create it twice.
      ctx.log.warn({ err: error, issue: created.key }, 'Jira issue created but not read back');
      return { id: created.key, projectId: ticket.projectId, title: ticket.title, description: ticket.description, issueType: '', assignee: null, closed: false, commentsCount: 0, timestamp: ctx.now(), url: `${config.url}/browse/${encodeURIComponent(created.key)}`, activities: [] };
    }
  },

  async getTicket(raw, ref, ctx): Promise<Ticket> {
    return fetchIssue(readJiraConfig(raw), ctx, ref.ticketId, ref.projectId);
  },

  async comment(raw, ref, message, ctx): Promise<TicketActivity> {
    const config = readJiraConfig(raw);
    const comment = await jiraCall<JiraComment>(config, ctx, {
      method: 'POST',
      path: `/rest/api/3/issue/${pathKey(ref.ticketId, 'issue')}/comment`,
      body: { body: textToAdf(message) },
      notFound: `Jira has no issue ${ref.ticketId} that this account can comment on: it may have been deleted or moved.`,
    });
    if (!comment?.id) throw integrationFailure('bad_answer', 'Jira answered without the comment: check the Jira URL.');
    return activity(comment);
  },
};
