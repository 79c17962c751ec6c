import { Type } from '@sinclair/typebox';
import { defineRoute } from '@cassette/plugin-sdk/server';
import type { SessionSearchResult, SessionSummary } from './api.js';
import { SESSIONS_PAGE_SIZE } from './constants.js';
import { SessionEntity, type Session } from './session.entity.js';

const SORT_COLUMNS = { startTs: 'startedAt', duration: 'durationMs', eventsCount: 'eventsCount', errorsCount: 'errorsCount' } as const;

function summary(s: Session): SessionSummary {
  return {
    sessionId: s.sessionId,
    projectId: s.projectId,
    startedAt: s.startedAt.getTime(),
    duration: s.durationMs,
    userId: s.userId ?? null,
    userAnonymousId: s.userAnonymousId ?? null,
    userBrowser: s.userBrowser ?? null,
    userOs: s.userOs ?? null,
    userDevice: s.userDevice ?? null,
    userDeviceType: s.userDeviceType ?? null,
    userCountry: s.userCountry ?? null,
    pagesCount: s.pagesCount,
    eventsCount: s.eventsCount,
    errorsCount: s.errorsCount,
    issueTypes: s.issueTypes,
    metadata: s.metadata,
    userDisplayName: s.userId || s.userAnonymousId || 'Anonymous User',
  };
}

/** The session list (spec part 2 §7 `POST /sessions/search2`); filters arrive with the search step. */
export const searchSessionsRoute = defineRoute({
  method: 'POST',
  url: '/sessions/search2',
  access: { auth: 'user', project: true, permission: 'SESSION_REPLAY' },
  summary: 'List recorded sessions of the project, newest first',
  schema: {
    body: Type.Object(
      {
        page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
        limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: SESSIONS_PAGE_SIZE })),
        sort: Type.Optional(Type.Union(Object.keys(SORT_COLUMNS).map((k) => Type.Literal(k)))),
        order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
      },
      { additionalProperties: true },
    ),
  },
  handler: async ({ body, em, projectId }): Promise<SessionSearchResult> => {
    const page = body.page ?? 1;
    const limit = body.limit ?? SESSIONS_PAGE_SIZE;
    const column = SORT_COLUMNS[(body.sort ?? 'startTs') as keyof typeof SORT_COLUMNS];
    const [rows, total] = await em.findAndCount(
      SessionEntity,
      { projectId: projectId! },
      { orderBy: { [column]: body.order ?? 'desc', sessionId: 'asc' }, limit, offset: (page - 1) * limit },
    );
    return { sessions: rows.map(summary), total };
  },
});
