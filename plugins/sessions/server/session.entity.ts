import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * One recorded visit (the summary). The session-summary processor writes it with plain SQL;
 * the entity lets other code of this plugin read it through the ORM.
 */
export const SessionEntity = defineEntity({
  name: 'SessionsSession',
  tableName: 'sessions_sessions',
  properties: {
    sessionId: p.string().primary(),
    projectId: p.integer(),
    tenantId: p.integer().nullable(),
    startedAt: p.datetime(),
    durationMs: p.integer(),
    userId: p.string().nullable(),
    userAnonymousId: p.string().nullable(),
    userUuid: p.string().nullable(),
    userAgent: p.string().nullable(),
    userBrowser: p.string().nullable(),
    userBrowserVersion: p.string().nullable(),
    userOs: p.string().nullable(),
    userOsVersion: p.string().nullable(),
    userDevice: p.string().nullable(),
    userDeviceType: p.string().nullable(),
    userCountry: p.string().nullable(),
    pageTitle: p.string().nullable(),
    firstUrl: p.string().nullable(),
    firstPath: p.string().nullable(),
    referrer: p.string().nullable(),
    timezone: p.string().nullable(),
    language: p.string().nullable(),
    screenWidth: p.integer().nullable(),
    screenHeight: p.integer().nullable(),
    viewportWidth: p.integer().nullable(),
    viewportHeight: p.integer().nullable(),
    revId: p.string().nullable(),
    trackerVersion: p.string().nullable(),
    pagesCount: p.integer(),
    eventsCount: p.integer(),
    errorsCount: p.integer(),
    consoleLogsCount: p.integer(),
    requestsCount: p.integer(),
    avgCpu: p.float().nullable(),
    avgMemoryUsed: p.double().nullable(),
    issueTypes: p.json<string[]>(),
    metadata: p.json<Record<string, string>>(),
    lastEventAt: p.datetime().nullable(),
    endedAt: p.datetime().nullable(),
    updatedAt: p.datetime(),
  },
});
export type Session = InferEntity<typeof SessionEntity>;
