// Tickets from sessions (spec part 2 §7 `/sessions2/{id}/assign…` and `/integrations/issues/…`), for members who may replay sessions.
import { Type } from '@sinclair/typebox';
import { badRequest, notFound } from '@cassette/plugin-sdk/server';
import type { Ticket, TicketActivity, TicketIssueType, TicketProject } from '../../shared/integration.js';
import { route } from '../deps.js';
import { inBatches } from '../in-batches.js';
import { contextFor } from '../integration-lookup.js';
import { sessionIdParam, sessionWindow } from '../session-window.js';
import { findTicket, rememberedTicket, rememberTicket, sessionTickets } from '../ticket-store.js';
import { projectTicketProvider, providerOf, wireActivity, wireTicket, type ConnectedProvider } from '../ticket-provider.js';
import { callContribution } from '../tool-call.js';

const ISSUE_TYPE_CALLS_AT_ONCE = 4;
const REPLAY = { auth: 'user', project: true, permission: 'SESSION_REPLAY' } as const;
/** An id in the tool: a number, 'PROJ-12', 'owner/repo' (encoded in the path). */
const toolId = (description: string) => Type.String({ minLength: 1, maxLength: 200, pattern: '^\\S+$', description });
const TICKET_NOT_FOUND = 'No ticket with this id was created from this project’s sessions.';
const gone = (name: string) => badRequest(`The ticket was created in ${name}, which is no longer set up for this project.`);

async function freshTicket(deps: Parameters<typeof contextFor>[0], { provider, saved }: ConnectedProvider, ref: { projectId: string; ticketId: string }): Promise<Ticket> {
  const ticket = await callContribution(provider, () => provider.getTicket(saved.config, ref, contextFor(deps, provider.id)));
  return wireTicket(ticket, ref.projectId);
}

export const listTicketProjectsRoute = route({
  method: 'GET',
  url: '/integrations/issues/list_projects',
  access: REPLAY,
  summary: "The projects of the project's issue tracker, each with its issue types",
  schema: {},
  handler: async ({ deps, projectId }): Promise<{ provider: string; projects: (TicketProject & { issueTypes: TicketIssueType[] })[] }> => {
    const { provider, saved } = await projectTicketProvider(deps, projectId);
    const ctx = contextFor(deps, provider.id);
    const projects = await callContribution(provider, () => provider.listProjects(saved.config, ctx));
    const withTypes = await callContribution(provider, () =>
      inBatches(projects, ISSUE_TYPE_CALLS_AT_ONCE, async (p) => ({ id: String(p.id), name: String(p.name), issueTypes: (await provider.listIssueTypes(saved.config, String(p.id), ctx)).map((t) => ({ ...t })) })),
    );
    return { provider: provider.id, projects: withTypes };
  },
});

export const getTicketRoute = route({
  method: 'GET',
  url: '/integrations/issues/:id',
  access: REPLAY,
  summary: 'A ticket created from one of the project’s sessions, as it is now in the tool, with its activities',
  schema: { params: Type.Object({ id: toolId('The ticket’s id in the tool') }) },
  keepNulls: true,
  handler: async ({ deps, params, projectId }): Promise<Ticket> => {
    const remembered = await findTicket(deps.database.sql, projectId, params.id);
    if (!remembered) throw notFound(TICKET_NOT_FOUND);
    const connected = await providerOf(deps, projectId, remembered.provider);
    if (!connected) throw gone(remembered.provider);
    return freshTicket(deps, connected, { projectId: remembered.ticketProjectId, ticketId: remembered.ticketId });
  },
});

export const sessionTicketsRoute = route({
  method: 'GET',
  url: '/sessions2/:sessionId/assign',
  access: REPLAY,
  summary: "The session's tickets, as the tool has them now when it answers, else as they were created",
  schema: { params: Type.Object({ sessionId: sessionIdParam }) },
  keepNulls: true,
  handler: async ({ deps, params, projectId, caller }): Promise<Ticket[]> => {
    await sessionWindow(deps, projectId, params.sessionId, caller.userId);
    const remembered = await sessionTickets(deps.database.sql, projectId, params.sessionId);
    const providers = new Map<string, Promise<ConnectedProvider | null>>();
    return Promise.all(
      remembered.map(async (t) => {
        if (!providers.has(t.provider)) providers.set(t.provider, providerOf(deps, projectId, t.provider));
        const connected = await providers.get(t.provider)!;
        if (!connected) return rememberedTicket(t);
        try {
          const fresh = await freshTicket(deps, connected, { projectId: t.ticketProjectId, ticketId: t.ticketId });
          const { activities: _left, ...ticket } = fresh;
          return ticket;
        } catch (error) {
          deps.logger.warn({ err: error, integration: t.provider, ticketId: t.ticketId }, 'ticket listed as remembered: the tool did not answer');
          return rememberedTicket(t);
        }
      }),
    );
  },
});

export const sessionTicketRoute = route({
  method: 'GET',
  url: '/sessions2/:sessionId/assign/:issueId',
  access: REPLAY,
  summary: 'One of the session’s tickets with its activities',
  schema: { params: Type.Object({ sessionId: sessionIdParam, issueId: toolId('The ticket’s id in the tool') }) },
  keepNulls: true,
  handler: async ({ deps, params, projectId, caller }): Promise<Ticket> => {
    await sessionWindow(deps, projectId, params.sessionId, caller.userId);
    const remembered = await findTicket(deps.database.sql, projectId, params.issueId, { sessionId: params.sessionId });
    if (!remembered) throw notFound(TICKET_NOT_FOUND);
    const connected = await providerOf(deps, projectId, remembered.provider);
    if (!connected) throw gone(remembered.provider);
    return freshTicket(deps, connected, { projectId: remembered.ticketProjectId, ticketId: remembered.ticketId });
  },
});

export const createTicketRoute = route({
  method: 'POST',
  url: '/sessions2/:sessionId/assign/projects/:ticketProjectId',
  access: REPLAY,
  summary: "Create a ticket from the session in the project's issue tracker; the description ends with the link to the session",
  schema: {
    params: Type.Object({ sessionId: sessionIdParam, ticketProjectId: toolId('The project in the tool') }),
    body: Type.Object({
      issueTypeId: Type.String({ minLength: 1, maxLength: 200 }),
      title: Type.String({ minLength: 1, maxLength: 255 }),
      description: Type.String({ minLength: 1, maxLength: 10_000 }),
    }),
  },
  keepNulls: true,
  handler: async ({ deps, params, body, projectId, caller }): Promise<Ticket> => {
    const title = body.title.trim();
    const description = body.description.trim();
    if (title === '') throw badRequest('Title is required.');
    if (description === '') throw badRequest('Description is required.');
    await sessionWindow(deps, projectId, params.sessionId, caller.userId);
    const { provider, saved } = await projectTicketProvider(deps, projectId);
    const created = await callContribution(provider, () =>
      provider.createTicket(saved.config, { projectId: params.ticketProjectId, issueTypeId: body.issueTypeId, title, description }, contextFor(deps, provider.id)),
    );
    if (!created || (typeof created.id !== 'string' && typeof created.id !== 'number') || String(created.id) === '') {
      throw new Error(`Ticket provider "${provider.id}" created a ticket without an id`);
    }
    const ticket = wireTicket(created, params.ticketProjectId);
    await rememberTicket(deps.database.sql, projectId, {
      sessionId: params.sessionId,
      provider: provider.id,
      ticketProjectId: ticket.projectId,
      ticketId: ticket.id,
      title: ticket.title || title,
      url: ticket.url,
      createdAt: Date.now(),
    });
    return ticket;
  },
});

export const commentTicketRoute = route({
  method: 'POST',
  url: '/sessions2/:sessionId/assign/:issueId/comment',
  access: REPLAY,
  summary: 'Comment on one of the session’s tickets',
  schema: {
    params: Type.Object({ sessionId: sessionIdParam, issueId: toolId('The ticket’s id in the tool') }),
    body: Type.Object({ message: Type.String({ minLength: 1, maxLength: 10_000 }) }),
  },
  handler: async ({ deps, params, body, projectId, caller }): Promise<TicketActivity> => {
    const message = body.message.trim();
    if (message === '') throw badRequest('The comment is empty.');
    await sessionWindow(deps, projectId, params.sessionId, caller.userId);
    const remembered = await findTicket(deps.database.sql, projectId, params.issueId, { sessionId: params.sessionId });
    if (!remembered) throw notFound(TICKET_NOT_FOUND);
    const connected = await providerOf(deps, projectId, remembered.provider);
    if (!connected) throw gone(remembered.provider);
    const { provider, saved } = connected;
    const activity = await callContribution(provider, () => provider.comment(saved.config, { projectId: remembered.ticketProjectId, ticketId: remembered.ticketId }, message, contextFor(deps, provider.id)));
    return wireActivity(activity);
  },
});
