import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One recorded visit, as the list shows it. Ingest (a later step) fills this table. */
export const SessionEntity = defineEntity({
  name: 'SessionsSession',
  tableName: 'sessions_sessions',
  properties: {
    sessionId: p.string().primary(),
    projectId: p.integer(),
    startedAt: p.datetime(),
    durationMs: p.integer(),
    userId: p.string().nullable(),
    userAnonymousId: p.string().nullable(),
    userBrowser: p.string().nullable(),
    userOs: p.string().nullable(),
    userDevice: p.string().nullable(),
    userDeviceType: p.string().nullable(),
    userCountry: p.string().nullable(),
    pagesCount: p.integer(),
    eventsCount: p.integer(),
    errorsCount: p.integer(),
    issueTypes: p.json<string[]>(),
    metadata: p.json<Record<string, string>>(),
  },
});
export type Session = InferEntity<typeof SessionEntity>;
