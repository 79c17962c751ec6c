// Public surface of the sessions plugin: refs and types only.
import { Type } from '@sinclair/typebox';
import { createServiceRef, defineEvent } from '@cassette/plugin-sdk';
import type { EventsOrder, RangeValue } from './shared/filter-catalogue.js';

export * from './shared/filter-catalogue.js';

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

/** Issue types (spec part 1 §3 "Issue types and icons"); detection rules in issues/thresholds.ts. */
export const ISSUE_TYPES = [
  'click_rage',
  'dead_click',
  'excessive_scrolling',
  'bad_request',
  'missing_resource',
  'memory',
  'cpu',
  'slow_resource',
  'slow_page_load',
  'crash',
  'custom',
  'js_exception',
] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];

/** An issue found in a session (spec part 2 §3 "Issue fields"). */
export interface SessionIssue {
  /** Stable across reprocessing: `${type}:${seq}:${idx}` of the event that raised it. */
  issueId: string;
  type: IssueType;
  /** The list name ('Click Rage', 'Bad Requests', ...). */
  name: string;
  /** Hidden types (custom) are still returned, with visible false. */
  visible: boolean;
  /** What it was about: the selector, the URL, "CPU 92 % for 8 s", ... */
  contextString: string;
  /** Milliseconds since the session started. */
  time: number;
  /** Epoch ms. */
  timestamp: number;
  /** Position in the session's stored events (batch seq * 100000 + index), for ordering. */
  seqIndex: number;
  payload: Record<string, unknown> | null;
}

/** Target of a click or input (spec part 2 §3 "Target has path and label"). */
export interface EventTarget {
  /** CSS selector. */
  path: string;
  label: string;
}

interface SessionEventBase {
  /** Stable key within the session: `${seq}:${idx}`. */
  key: string;
  /** Milliseconds since the session started. */
  time: number;
  /** Epoch ms. */
  timestamp: number;
}
export interface LocationEvent extends SessionEventBase {
  type: 'LOCATION';
  url: string;
  host: string | null;
  path: string | null;
  title: string | null;
  referrer: string | null;
  /** Page load (ms), i.e. loadTime; null until known. */
  pageLoad: number | null;
  fcpTime: number | null;
  lcpTime: number | null;
  ttfb: number | null;
  loadTime: number | null;
  domContentLoadedTime: number | null;
  domBuildingTime: number | null;
  speedIndex: number | null;
  visuallyComplete: number | null;
  timeToInteractive: number | null;
}
export interface ClickEventItem extends SessionEventBase {
  type: 'CLICK' | 'CLICKRAGE';
  target: EventTarget;
  targetContent: string;
  /** Clicks in the rage burst (1 for a plain click). */
  count: number;
}
export interface InputEventItem extends SessionEventBase {
  type: 'INPUT';
  target: EventTarget;
  /** As masked in the browser. */
  value: string;
}
export interface CustomEventItem extends SessionEventBase {
  type: 'CUSTOM';
  name: string;
  payload: unknown;
}
/** The player's event list (spec part 2 §3 Event types). */
export type SessionEventItem = LocationEvent | ClickEventItem | InputEventItem | CustomEventItem;

/** A console entry (spec part 2 §3 Log). */
export interface SessionLog {
  level: 'info' | 'log' | 'warning' | 'warn' | 'error' | 'exception';
  value: string;
  time: number;
  timestamp: number;
}

/** A network entry or a failed / slow resource (spec part 2 §3 Resource). */
export interface SessionResource {
  key: string;
  type: 'xhr' | 'fetch' | 'script' | 'css' | 'img' | 'media' | 'other' | 'tracked_fetch';
  url: string;
  /** Last path segment (or host) for the list. */
  name: string;
  method: string | null;
  /** 0 when it failed before a response. */
  status: number | null;
  success: boolean;
  duration: number | null;
  ttfb: number | null;
  /** 0-100: how slow against the slow-resource threshold (>= 80 red, 10-79 yellow). */
  score: number;
  time: number;
  timestamp: number;
  /** Request body, when the project captures payloads. */
  payload: string | null;
  /** Response body, when the project captures payloads. */
  response: string | null;
  headers: { request: Record<string, string> | null; response: Record<string, string> | null };
  encodedBodySize: number | null;
  decodedBodySize: number | null;
}

/** A JS error of the session (errors panel; issue 6 groups them). */
export interface SessionError {
  key: string;
  /** js_exception, unhandled_rejection or handled. */
  source: string;
  name: string;
  message: string;
  stack: string | null;
  time: number;
  timestamp: number;
}

/** Slots the sessions plugin offers other plugins' UI. */
export const sessionsSlots = {
  /**
   * Under an expanded error of the player's errors panel, in place of the raw stack lines;
   * props `PlayerErrorStackProps`. The errors plugin fills it with the source-mapped stack.
   */
  playerErrorStack: 'sessions.player.error-stack',
} as const;

export interface PlayerErrorStackProps {
  projectId: number;
  sessionId: string;
  error: SessionError;
}

/** GraphQL operations and state actions (spec: stackEvents). */
export interface StackEvent {
  key: string;
  type: 'GRAPHQL' | 'STATEACTION';
  name: string;
  /** GraphQL operation kind. */
  method: string | null;
  duration: number | null;
  payload: Record<string, unknown> | null;
  time: number;
  timestamp: number;
}

/** A CPU / memory / FPS sample. */
export interface PerformanceSample {
  time: number;
  timestamp: number;
  /** 0-100. */
  cpu: number | null;
  /** Bytes. */
  memoryUsed: number | null;
  memoryTotal: number | null;
  fps: number | null;
}

/**
 * `GET /api/{projectId}/sessions2/{sessionId}`: the Session of spec part 2 §3. The DOM
 * recording is not inside: the player streams it chunk by chunk (see RecordingIndex).
 * `logs`, `resources`, `stackEvents` and `performance` are present only when the caller
 * holds DEV_TOOLS (`devtools: true`); otherwise they are empty and `devtools` is false.
 * Each list holds at most 5,000 items (the earliest); null fields are left out of the JSON.
 */
export interface Session extends SessionSummary {
  siteId: number;
  projectKey: string;
  userAgent: string | null;
  isMobile: boolean;
  isIOS: boolean;
  screen: { width: number; height: number } | null;
  viewport: { width: number; height: number } | null;
  /** Sum of the issue weights, 0-100 (issues/thresholds.ts). */
  issueScore: number;
  events: SessionEventItem[];
  errors: SessionError[];
  issues: SessionIssue[];
  /** Failed resources (spec: missedResources). */
  missedResources: SessionResource[];
  devtools: boolean;
  logs: SessionLog[];
  resources: SessionResource[];
  stackEvents: StackEvent[];
  performance: PerformanceSample[];
  /** Neighbours by start time in the project, for autoplay. */
  previousSessionId: string | null;
  nextSessionId: string | null;
}

/** `GET /api/{projectId}/sessions2/{sessionId}/recording`: the stored recording, chunk by chunk. */
export interface RecordingIndex {
  /** Epoch ms of the session start (time 0 of the player). */
  startedAt: number;
  chunks: RecordingChunkInfo[];
}
export interface RecordingChunkInfo {
  seq: number;
  pageNo: number;
  /** Epoch ms of the first and last DOM event in the chunk (null when it holds none). */
  firstTimestamp: number | null;
  lastTimestamp: number | null;
  /** Holds a full snapshot: playback (and a seek) can start here. */
  hasFullSnapshot: boolean;
  bytes: number;
}
/** `GET /api/{projectId}/sessions2/{sessionId}/recording/{seq}`: one chunk's rrweb events, sanitized, on the server clock. */
export interface RecordingChunk {
  seq: number;
  events: Array<{ type: number; timestamp: number; data: unknown; delay?: number }>;
}

/** `POST /sessions/search2` and `GET /sessions2/favorite` (the caller's bookmarks, newest first). */
export interface SessionSearchResult {
  sessions: SessionSummary[];
  total: number;
}

/**
 * One filter entry of a session search (spec part 1 §3 "Filter entry", part 2 §3 "Filter item").
 * `type` is the key (FILTER_KEYS in search/filter-catalogue.ts, or METADATA / a project
 * metadata key); positive operators match any of `value`, negative ones none of them.
 */
export interface SearchFilterItem {
  type: string;
  operator?: string;
  value?: unknown[];
  /** Performance keys: the threshold (one number); METADATA: the metadata key. */
  source?: unknown;
  /** Performance keys: how `source` is compared (>, >=, <, <=, =, or a named form). */
  sourceOperator?: string;
  /** FETCH / GRAPHQL sub-filters (FETCH_URL, FETCH_STATUS_CODE, ...), all of which must hold on the same event. */
  filters?: SearchFilterItem[];
  /** UI facts kept with saved searches; the compiler ignores them. */
  isEvent?: boolean;
  key?: string;
  label?: string;
  category?: string;
  custom?: boolean;
}

/**
 * What a session search asks (spec part 2 §3 "Saved search" filter). `events` are steps in
 * `eventsOrder`: then (in this order), and (all, any order), or (any). `filters` are session
 * attributes, all of which must hold. Dates are epoch ms over the session start; durations ms.
 */
export interface SessionSearchFilter {
  events?: SearchFilterItem[];
  filters?: SearchFilterItem[];
  eventsOrder?: EventsOrder;
  /** With eventsOrder then: each step is the very next user action (page visit, click, input, custom event) after the previous one. */
  strict?: boolean;
  rangeValue?: RangeValue;
  startDate?: number | null;
  endDate?: number | null;
  minDuration?: number | null;
  maxDuration?: number | null;
  /** Only the caller's favorites. */
  bookmarked?: boolean;
}

/** `POST /api/{projectId}/sessions/search2`. */
export interface SessionSearchRequest extends SessionSearchFilter {
  page?: number;
  limit?: number;
  sort?: 'startTs' | 'duration' | 'eventsCount' | 'errorsCount';
  order?: 'asc' | 'desc';
}

/** Parameterised SQL with `?` placeholders (the DatabaseService dialect); parameters in order. */
export interface SqlFragment {
  sql: string;
  params: unknown[];
}

export interface FilterCompileContext {
  /** The caller, for `bookmarked`. */
  viewerId?: number;
  /** The project's metadata keys: a filter `type` equal to one of them searches that key. */
  metadataKeys?: readonly string[];
}

/**
 * Turns a session search filter into SQL over the sessions plugin's tables; never splices a
 * value into the text. Throws an HttpError 400 naming the problem when a filter cannot be read.
 * Funnels, metrics and alerts embed these fragments as subqueries.
 */
export interface SessionFilterCompiler {
  /** A boolean expression over `sessions_sessions s` (alias `s`): the project's sessions matching every part of `filter`. */
  sessionConditions(projectId: number, filter: SessionSearchFilter, context?: FilterCompileContext): SqlFragment;
  /** `select s.session_id from sessions_sessions s where …`: the project's sessions matching `filter`. */
  sessionsMatching(projectId: number, filter: SessionSearchFilter, context?: FilterCompileContext): SqlFragment;
  /**
   * `select e.session_id, e.ts, e.seq, e.idx from sessions_events e where …`: the project's stored
   * events matching one event filter item (a funnel step), optionally within [startDate, endDate].
   */
  eventsMatching(projectId: number, item: SearchFilterItem, range?: { startDate?: number | null; endDate?: number | null }, context?: FilterCompileContext): SqlFragment;
}

export const sessionsServices = {
  filterCompiler: createServiceRef<SessionFilterCompiler>('sessions.filterCompiler'),
} as const;

/** One autocomplete suggestion: `/events/search`, `/sessions/filters/search`, `/events/values`, `/events/selectors`. */
export interface FilterSuggestion {
  /** The filter key it belongs to (CLICK, LOCATION, USEROS, a metadata key, ...). */
  type: string;
  value: string;
  /** Sessions (or events) with this value among those looked at. */
  count: number;
}

/** `GET /api/{projectId}/sessions/filters`: values per key, most frequent first, empty ones removed. */
export type SessionFilterValues = Record<'USEROS' | 'USERBROWSER' | 'USERDEVICE' | 'REFERRER' | 'USERCOUNTRY', string[]>;

/** A saved search (spec part 2 §3). */
export interface SavedSearch {
  searchId: number;
  projectId: number;
  /** The author. */
  userId: number;
  name: string;
  filter: SessionSearchFilter;
  isPublic: boolean;
  /** Epoch ms. */
  createdAt: number;
  /** The author's name, for "shared by". */
  ownerName?: string;
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
  /**
   * Published after sessions were deleted (GDPR delete-user, retention, project deletion), once
   * per chunk of at most 500: plugins that keep facts about sessions delete theirs.
   */
  deleted: defineEvent(
    'sessions.deleted',
    1,
    Type.Object({
      projectId: Type.Integer(),
      sessionIds: Type.Array(Type.String(), { minItems: 1, maxItems: 500 }),
    }),
  ),
} as const;
