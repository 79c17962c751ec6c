// What the session list, the player and the server agree on about one recorded session.
import type { IssueType } from './issue-types.js';

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
  /** Ids of the project's watchdog rules that flagged the session (their issue key is `watchdog_<id>`). */
  watchdogs: number[];
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
  /** Its tab is open and sending: not ended, and sent something in the last 30 s (server/live-session.ts). */
  live: boolean;
  /** The same as live (one rule, one badge). */
  active: boolean;
  /** When ingest ended the session (epoch ms), null while it may still receive batches. */
  endedAt: number | null;
}

/** An issue found in a session (spec part 2 §3 "Issue fields"). */
export interface SessionIssue {
  /** Stable across reprocessing: `${type}:${seq}:${idx}` of the event that raised it. */
  issueId: string;
  type: IssueType;
  /** The list name ('Click Rage', 'Bad Requests', ...). */
  name: string;
  /** Hidden types (custom) are still returned, with visible false. */
  visible: boolean;
  /** Which icon the UI draws for it: the issue type's own (spec part 1 §3 "Issue types and icons"). */
  icon: IssueType;
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
  /** Sum of the issue weights, 0-100 (server/issues/thresholds.ts). */
  issueScore: number;
  events: SessionEventItem[];
  errors: SessionError[];
  issues: SessionIssue[];
  /** The session's crashes (spec part 2 §3): its `crash` issues, an uncaught error the visit ended on. */
  crashes: SessionIssue[];
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

