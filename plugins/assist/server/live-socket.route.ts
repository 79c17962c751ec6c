import { Type } from '@sinclair/typebox';
import { HttpError, notFound } from '@cassette/plugin-sdk/server';
import { issueAgentTicket, verifyAgentTicket } from './agent-ticket.js';
import { route } from './deps.js';
import { NOT_LIVE, sessionIdParams } from './live-sessions.route.js';
import { serveAgent, serveVisitor } from './live-relay.js';

const UPGRADE_REQUIRED = 'This is a WebSocket endpoint: connect with a WebSocket client.';

/** `POST /api/{projectId}/assist/sessions/{sessionId}/ticket`: what opens the agent's socket (the page's WebSocket cannot send the login header). */
export const agentTicketRoute = route({
  method: 'POST',
  url: '/assist/sessions/:sessionId/ticket',
  access: { auth: 'user', project: true, permission: 'ASSIST_LIVE' },
  summary: "A one-minute ticket that opens this live session's agent socket",
  schema: { params: sessionIdParams },
  handler: async ({ params, deps, projectId, caller }) => {
    if (!(await deps.live.get(projectId, params.sessionId, caller.userId))) {
      throw notFound((await deps.live.known(projectId, params.sessionId)) ? NOT_LIVE : 'No session with this id in this project');
    }
    return issueAgentTicket(deps.secrets, { userId: caller.userId, tenantId: caller.tenantId, loginId: caller.tokenId, projectId, sessionId: params.sessionId });
  },
});

/**
 * `GET /api/{projectId}/assist/sessions/{sessionId}/socket?ticket=`: the agent's WebSocket. The
 * kernel checks the ticket's login, the project and ASSIST_LIVE before the upgrade.
 */
export const agentSocketRoute = route({
  method: 'GET',
  url: '/assist/sessions/:sessionId/socket',
  access: { auth: 'user', project: true, permission: 'ASSIST_LIVE' },
  summary: "WebSocket: watch a live session (its DOM events), call its visitor and take control with their consent. Open with a ticket (`POST …/ticket`) or the login header",
  schema: { params: sessionIdParams, querystring: Type.Object({ ticket: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })) }, { additionalProperties: false }) },
  bodyLimit: 64 * 1024,
  delegatedLogin: (request, deps) => {
    const ticket = (request.query as { ticket?: unknown } | undefined)?.ticket;
    if (ticket === undefined) return null;
    const sessionId = (request.params as { sessionId?: unknown } | undefined)?.sessionId;
    if (typeof ticket !== 'string' || typeof sessionId !== 'string') throw new HttpError(401, 'The live link is not valid: open the live session again.');
    return verifyAgentTicket(deps.secrets, ticket, sessionId);
  },
  handler: async () => {
    throw new HttpError(426, UPGRADE_REQUIRED);
  },
  socket: (socket, { params, deps, projectId, caller, log }) => {
    void (async () => {
      if (!(await deps.live.known(projectId, params.sessionId))) return socket.close(4404, 'No session with this id in this project');
      await serveAgent(socket, projectId, params.sessionId, caller, deps.runtime);
    })().catch((err) => {
      log.error({ err }, 'assist agent socket failed');
      socket.close(1011, 'The server could not open the live session');
    });
  },
});

/**
 * `GET /api/assist/visitor?token=`: the tracker's WebSocket while an agent watches its session.
 * Public (called from the recorded website); the session token says which session it streams.
 */
export const visitorSocketRoute = route({
  method: 'GET',
  url: '/assist/visitor',
  access: { auth: 'public' },
  summary: "WebSocket for the tracker: streams a watched session's DOM events to its agents (session token as `token`)",
  schema: { querystring: Type.Object({ token: Type.String({ minLength: 1, maxLength: 1024 }) }, { additionalProperties: false }) },
  // A full snapshot of a big page is the largest message.
  bodyLimit: 1024 * 1024,
  handler: async ({ query, deps }) => {
    const check = deps.sessionTokens.verify(query.token);
    if (!check.ok) throw new HttpError(401, check.reason);
    throw new HttpError(426, UPGRADE_REQUIRED);
  },
  socket: (socket, { query, deps, log }) => {
    const check = deps.sessionTokens.verify(query.token);
    if (!check.ok) return socket.close(4401, check.reason);
    void serveVisitor(socket, check.claims.projectId, check.claims.sessionId, deps.runtime).catch((err) => {
      log.error({ err }, 'assist visitor socket failed');
      socket.close(1011, 'The server could not open the live channel');
    });
  },
});
