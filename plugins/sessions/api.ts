// Public surface of the sessions plugin: refs and types only.
import { Type } from '@sinclair/typebox';
import { defineEvent } from '@cassette/plugin-sdk';

/** A session as the list shows it (spec part 1 §3 "Session summary"); empty fields are omitted in answers. */
export interface SessionSummary {
  sessionId: string;
  projectId: number;
  /** Epoch ms (server clock). */
  startedAt: number;
  /** Milliseconds from the start to the last recorded activity. */
  duration: number;
  userId: string | null;
  userAnonymousId: string | null;
  userUuid: string | null;
  userBrowser: string | null;
  userBrowserVersion: string | null;
  userOs: string | null;
  userOsVersion: string | null;
  userDevice: string | null;
  /** desktop, mobile, tablet or other. */
  userDeviceType: string | null;
  /** ISO 3166-1 alpha-2; null shows 'Unknown Country'. */
  userCountry: string | null;
  pageTitle: string | null;
  /** The first page of the visit. */
  startUrl: string | null;
  referrer: string | null;
  revId: string | null;
  timezone: string | null;
  pagesCount: number;
  eventsCount: number;
  errorsCount: number;
  consoleLogsCount: number;
  issueTypes: string[];
  metadata: Record<string, string>;
  /** User id, else anonymous id, else 'Anonymous User'. */
  userDisplayName: string;
  /** A stable number from the user's identity, for avatars. */
  userNumericHash: number;
  /** Sessions of the same user (by user id, else anonymous id) in the project. */
  userSessionsCount: number;
  /** Viewed / favorite for the caller. */
  viewed: boolean;
  favorite: boolean;
  /** Not ended yet (ingest still expects batches). */
  live: boolean;
  /** Live, with activity in the last minute. */
  active: boolean;
}

export interface SessionSearchResult {
  sessions: SessionSummary[];
  total: number;
}

export const sessionsEvents = {
  /** Published when ingest reports a session's end (last batch, or silence): once, or again only after a crash before it went out. */
  ended: defineEvent(
    'sessions.ended',
    1,
    Type.Object({
      tenantId: Type.Integer(),
      projectId: Type.Integer(),
      sessionId: Type.String(),
      /** Epoch ms. */
      startedAt: Type.Number(),
      /** Milliseconds. */
      duration: Type.Integer({ minimum: 0 }),
      userId: Type.Union([Type.String(), Type.Null()]),
      pagesCount: Type.Integer({ minimum: 0 }),
      eventsCount: Type.Integer({ minimum: 0 }),
      errorsCount: Type.Integer({ minimum: 0 }),
      issueTypes: Type.Array(Type.String()),
    }),
  ),
} as const;
