// Fake tools for tests: a log source and a ticket provider that keep everything in memory.
// Their connection check is a real request through the kernel's outbound client to the `url`
// field (a `startToolStandIn()` on 127.0.0.1, allowed with CASSETTE_OUTBOUND_ALLOW_HOSTS), so
// the address rules and timeouts apply to them as to a real tool.
import { integrationFailure } from '@cassette/plugin-sdk/server';
import type { IntegrationConfig, IntegrationContext, LogQuery, LogSource, NewTicket, TicketProvider } from '../api.js';
import type { BackendLogLine, IntegrationField, Ticket, TicketActivity, TicketIssueType, TicketProject } from '../shared/integration.js';

const FIELDS: IntegrationField[] = [
  { key: 'url', label: 'Address', kind: 'url', required: true, placeholder: 'https://tool.example.com' },
  { key: 'token', label: 'Token', kind: 'secret', required: true },
  { key: 'index', label: 'Index', kind: 'text', required: false, default: '*log*' },
];

/** Token rule of the fakes (a contribution's own rule, spec part 2 §5 style). */
function validate(config: IntegrationConfig): Record<string, string> {
  return String(config.token ?? '').length < 8 ? { token: 'Token must be at least 8 characters.' } : {};
}

/** GET `<url>/check` with the token; 401/403 is an `auth` failure, as a tool would answer bad credentials. */
async function checkAgainstTool(label: string, config: IntegrationConfig, ctx: IntegrationContext, timeoutMs: number | undefined): Promise<void> {
  const res = await ctx.outboundHttp.fetch(`${String(config.url).replace(/\/$/, '')}/check`, { headers: { authorization: `Bearer ${config.token}` }, ...(timeoutMs ? { timeoutMs } : {}) });
  if (res.status === 401 || res.status === 403) throw integrationFailure('auth', `${label} refused the token: check that it is still valid.`);
  if (res.status !== 200) throw integrationFailure('bad_answer', `${label} answered ${res.status} to the connection check.`);
}

/** What both fakes let a test steer. */
interface FakeTool {
  /** The connection check's own timeout (the owner's, when shorter, wins): a hanging tool fails fast in tests. */
  checkTimeoutMs: number | undefined;
}

export type FakeLogSource = LogSource & FakeTool & {
  /** The lines each search answers (filtered to the query's window). */
  lines: Omit<BackendLogLine, 'index' | 'source'>[];
  /** Thrown by the next searches instead of answering. */
  failure: Error | null;
  queries: LogQuery[];
  /** The configuration each search was called with (secrets in clear). */
  configs: IntegrationConfig[];
};

export function fakeLogSource(id = 'fakelogs', label = 'Fake Logs'): FakeLogSource {
  const source: FakeLogSource = {
    id,
    label,
    description: `${label}: backend lines kept in memory`,
    setupGuide: 'Log `cassetteSessionId=<id>` with each line.',
    fields: FIELDS,
    lines: [],
    failure: null,
    queries: [],
    configs: [],
    validate,
    checkTimeoutMs: undefined,
    checkConnection: (config, ctx) => checkAgainstTool(label, config, ctx, source.checkTimeoutMs),
    async fetchLogs(config, query) {
      source.queries.push(query);
      source.configs.push(config);
      if (source.failure) throw source.failure;
      return source.lines
        .filter((l) => l.time >= query.from && l.time <= query.to)
        .slice(0, query.limit)
        .map((l, index) => ({ ...l, index, source: id }));
    },
  };
  return source;
}

export type FakeTicketProvider = TicketProvider & FakeTool & {
  projects: (TicketProject & { issueTypes: TicketIssueType[] })[];
  /** Tickets created, by id. */
  tickets: Map<string, Ticket & { activities: TicketActivity[] }>;
  created: NewTicket[];
  /** Thrown by the next calls (not the connection check) instead of answering: a tool that went away. */
  failure: Error | null;
};

export function fakeTicketProvider(id = 'faketickets', label = 'Fake Tracker'): FakeTicketProvider {
  let seq = 0;
  const failIfAsked = () => {
    if (provider.failure) throw provider.failure;
  };
  const ticketOf = (ref: { ticketId: string }) => {
    const ticket = provider.tickets.get(ref.ticketId);
    if (!ticket) throw integrationFailure('not_found', `${label} has no ticket ${ref.ticketId}.`);
    return ticket;
  };
  const provider: FakeTicketProvider = {
    id,
    label,
    description: `${label}: tickets kept in memory`,
    fields: FIELDS,
    projects: [
      { id: 'WEB', name: 'Website', issueTypes: [{ id: 'bug', name: 'Bug' }, { id: 'task', name: 'Task' }] },
      { id: 'APP', name: 'Mobile app', issueTypes: [{ id: 'bug', name: 'Bug' }] },
    ],
    tickets: new Map(),
    created: [],
    failure: null,
    validate,
    checkTimeoutMs: undefined,
    checkConnection: (config, ctx) => checkAgainstTool(label, config, ctx, provider.checkTimeoutMs),
    async listProjects() {
      failIfAsked();
      return provider.projects.map(({ id: projectId, name }) => ({ id: projectId, name }));
    },
    async listIssueTypes(_config, projectId) {
      failIfAsked();
      const project = provider.projects.find((p) => p.id === projectId);
      if (!project) throw integrationFailure('not_found', `${label} has no project ${projectId}.`);
      return project.issueTypes;
    },
    async createTicket(config, ticket, ctx) {
      failIfAsked();
      const project = provider.projects.find((p) => p.id === ticket.projectId);
      if (!project) throw integrationFailure('not_found', `${label} has no project ${ticket.projectId}.`);
      provider.created.push(ticket);
      const ticketId = `${ticket.projectId}-${++seq}`;
      const now = ctx.now();
      const made = {
        id: ticketId,
        projectId: ticket.projectId,
        title: ticket.title,
        description: ticket.description,
        issueType: project.issueTypes.find((t) => t.id === ticket.issueTypeId)?.name ?? ticket.issueTypeId,
        assignee: null,
        closed: false,
        commentsCount: 0,
        timestamp: now,
        url: `${String(config.url).replace(/\/$/, '')}/browse/${ticketId}`,
        activities: [{ id: `${ticketId}-created`, type: 'created' as const, author: 'cassette', createdAt: now, message: ticket.title }],
      };
      provider.tickets.set(ticketId, made);
      return { ...made, activities: [...made.activities] };
    },
    async getTicket(_config, ref) {
      failIfAsked();
      const ticket = ticketOf(ref);
      return { ...ticket, activities: [...ticket.activities] };
    },
    async comment(_config, ref, message, ctx) {
      failIfAsked();
      const ticket = ticketOf(ref);
      const activity: TicketActivity = { id: `${ref.ticketId}-c${ticket.activities.length}`, type: 'comment', author: 'cassette', createdAt: ctx.now(), message };
      ticket.activities.push(activity);
      ticket.commentsCount += 1;
      return activity;
    },
  };
  return provider;
}
