import { Type } from '@sinclair/typebox';
import { notFound } from '@cassette/plugin-sdk/server';
import { SESSION_ID_PATTERN } from '@cassette/plugin-ingest/api';
import { LIVE_PAGE_SIZE } from '../shared/messages.js';
import { route } from './deps.js';

const text = (maxLength: number) => Type.Optional(Type.String({ minLength: 1, maxLength }));

/**
 * `GET /api/{projectId}/assist/sessions` (spec part 2 §7): the sessions whose visitor's tab is
 * open now, newest first, with the live search's filters (user id, metadata, browser, country,
 * a visited URL).
 */
export const liveSessionsRoute = route({
  method: 'GET',
  url: '/assist/sessions',
  access: { auth: 'user', project: true, permission: 'ASSIST_LIVE' },
  summary: "Live sessions: visitors whose tab is open and recording now, filtered by user id, metadata, browser, country or visited URL",
  schema: {
    querystring: Type.Object(
      {
        userId: text(256),
        userBrowser: text(100),
        userCountry: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2' })),
        url: text(2000),
        metaKey: text(100),
        metaValue: text(500),
        page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: LIVE_PAGE_SIZE })),
      },
      { additionalProperties: false },
    ),
  },
  handler: async ({ query, deps, projectId, caller }) => {
    const metadata = query.metaKey && query.metaValue !== undefined ? [{ key: query.metaKey, value: query.metaValue }] : [];
    return deps.live.list(
      projectId,
      { userId: query.userId, browser: query.userBrowser, country: query.userCountry, url: query.url, metadata, page: query.page ?? 1, limit: query.limit ?? LIVE_PAGE_SIZE },
      caller.userId,
    );
  },
});

export const sessionIdParams = Type.Object({ sessionId: Type.String({ pattern: SESSION_ID_PATTERN, description: 'A session id (19 digits)' }) });

export const NOT_LIVE = 'This session is not live any more: open its recording in Sessions.';

/** `GET /api/{projectId}/assist/sessions/{sessionId}`: one live session (404 once it is not live). */
export const liveSessionRoute = route({
  method: 'GET',
  url: '/assist/sessions/:sessionId',
  access: { auth: 'user', project: true, permission: 'ASSIST_LIVE' },
  summary: 'One live session, as the live list shows it; 404 when it is not live (any more)',
  schema: { params: sessionIdParams },
  handler: async ({ params, deps, projectId, caller }) => {
    const session = await deps.live.get(projectId, params.sessionId, caller.userId);
    if (session) return session;
    if (await deps.live.known(projectId, params.sessionId)) throw notFound(NOT_LIVE);
    throw notFound('No session with this id in this project');
  },
});
