/**
 * The wire protocol between the tracker and the ingest endpoints. Types only: the
 * tracker builds these objects, the ingest plugin validates them with its own schemas.
 *
 * Flow: `POST {ingestPoint}/v1/start` once per page load (it resumes the tab's session
 * after a navigation), then `POST {ingestPoint}/v1/batch` with `Authorization: Bearer
 * <token>` for every batch. A batch body is JSON, gzip-compressed when the browser can
 * (`Content-Type: application/octet-stream`, gzip magic bytes), plain otherwise
 * (`application/json`, or `text/plain` from `navigator.sendBeacon`, which puts the token
 * in the `token` query parameter because it cannot send headers).
 */

export const PROTOCOL_VERSION = 1;

/** Path segments below the ingest point (default `{origin}/api/ingest`). */
export const INGEST_PATHS = { start: '/v1/start', batch: '/v1/batch' } as const;

export type InputMode = 'plain' | 'obscured' | 'hidden';

export interface StartRequest {
  projectKey: string;
  trackerVersion: string;
  protocolVersion: number;
  /** Tracker clock when the page started (ms since epoch). */
  timestamp: number;
  url: string;
  referrer: string;
  title: string;
  /** IANA zone, e.g. `Europe/Paris`. */
  timezone?: string;
  language?: string;
  screen: { width: number; height: number };
  viewport: { width: number; height: number };
  /** Touch points (device-type hint when the user agent is ambiguous). */
  maxTouchPoints?: number;
  userId?: string;
  userAnonymousId?: string;
  /** A random id the tracker keeps per browser (localStorage), unless the site turns it off. */
  userUuid?: string;
  metadata?: Record<string, string>;
  /** Release / revision id of the website (`revID` option). */
  revId?: string;
  /** Set after a navigation in the same tab: continue that session instead of starting one. */
  resume?: { sessionId: string; token: string };
}

/** What the tracker must apply in the browser; derived from the project's GDPR settings. */
export interface RecordingConfig {
  defaultInputMode: InputMode;
  maskEmails: boolean;
  maskNumbers: boolean;
  /** Headers and bodies of requests are captured only when true. */
  captureNetworkPayloads: boolean;
  /** Largest compressed batch the server accepts (bytes). */
  maxBatchBytes: number;
  /**
   * Most events (recording and semantic together) the server accepts in one batch; a bigger
   * one is refused with 413. Absent from servers older than the limit.
   */
  maxBatchEvents?: number;
  /** How often the tracker flushes a batch (ms). */
  flushIntervalMs: number;
  /** Canvases are recorded as pictures at most this many times a second; 0 or absent: not at all. */
  canvasFps?: number;
}

export type StartResponse =
  | {
      sampled: true;
      sessionId: string;
      token: string;
      /** Epoch ms after which the token is refused (the tracker calls start again). */
      tokenExpiresAt: number;
      /** Server clock at start (epoch ms), to correct a skewed browser clock. */
      serverTime: number;
      /** True when `resume` was honoured. */
      resumed: boolean;
      /** The next batch sequence number the server expects (0 for a new session). */
      nextSeq: number;
      config: RecordingConfig;
    }
  | { sampled: false; reason: string };

/** Body of `POST /v1/batch`. `seq` counts from 0 per session, across page loads. */
export interface BatchRequest {
  sessionId: string;
  seq: number;
  /** Tracker clock when the batch was sealed (epoch ms). */
  sentAt: number;
  /** Which page load of the session this batch belongs to (0-based). */
  pageNo: number;
  /** rrweb events, already masked in the browser. */
  recording: RecordingEvent[];
  /** Semantic events (searchable). */
  events: TrackerEvent[];
  /** Set on the last batch of a session (`stop()`, or the tab hidden for 30 minutes). */
  final?: boolean;
}

export interface BatchResponse {
  seq: number;
  /** True when this (session, seq) had already been stored: nothing was stored twice. */
  duplicate: boolean;
  /** Words from server plugins, by plugin (`assist: { watched: true }` while an agent watches). */
  hints?: Record<string, Record<string, unknown>>;
}

/** An rrweb `eventWithTime` (kept structural so the server does not depend on rrweb). */
export interface RecordingEvent {
  type: number;
  timestamp: number;
  data: unknown;
  delay?: number;
}

interface Base {
  /** Epoch ms (tracker clock). */
  ts: number;
}

export interface PageTimings {
  ttfb?: number;
  domContentLoaded?: number;
  domComplete?: number;
  load?: number;
  firstContentfulPaint?: number;
  largestContentfulPaint?: number;
  speedIndex?: number;
  timeToInteractive?: number;
  /** DOM building time (domInteractive - responseEnd). */
  domBuilding?: number;
  /** The browser's first paint of anything (paint timing "first-paint"), before first contentful paint. */
  firstPaint?: number;
  /** How long the document's response took: from sending the request to its last byte (responseEnd - requestStart). */
  responseTime?: number;
  /** When the document's last byte arrived (responseEnd). */
  responseEnd?: number;
  /** When DOMContentLoaded began (domContentLoadedEventStart); `domContentLoaded` is when its handlers ended. */
  domContentLoadedStart?: number;
}

export interface PageEvent extends Base { type: 'page'; url: string; referrer: string; title: string }
/** Timings of the current page, sent once they are known (LCP settles late). */
export interface PageTimingEvent extends Base { type: 'page_timing'; url: string; timings: PageTimings }
export interface ClickEvent extends Base {
  type: 'click';
  selector: string;
  label: string;
  x?: number;
  y?: number;
  /** Lower-case tag name of the clicked element (`button`, `input`, ...): fields are never dead clicks. */
  tag?: string;
  /**
   * Where in the element the click landed, in percent of its width and height (0-100): a
   * heatmap places it on the element wherever another page width puts it.
   */
  rx?: number;
  ry?: number;
}
/**
 * How far down the page the visitor saw, sent when the page hides or the recording stops (and
 * again only when it went deeper): `depth` is the lowest edge of the viewport seen so far and
 * `height` the document's height then, both in CSS pixels from the top of the document.
 */
export interface ScrollEvent extends Base { type: 'scroll'; depth: number; height: number }
/** `value` is already masked per the input mode; never present for password fields. */
export interface InputEvent extends Base { type: 'input'; selector: string; label: string; value: string; mode: InputMode }
export interface CustomEvent extends Base { type: 'custom'; name: string; payload?: unknown }
export interface IdentifyEvent extends Base { type: 'user_id'; userId: string }
export interface AnonymousIdEvent extends Base { type: 'user_anonymous_id'; userAnonymousId: string }
export interface MetadataEvent extends Base { type: 'metadata'; key: string; value: string }
export type ConsoleLevel = 'info' | 'log' | 'warning' | 'warn' | 'error' | 'exception';
export interface ConsoleEvent extends Base { type: 'console'; level: ConsoleLevel; value: string }
export interface ErrorEvent extends Base {
  type: 'error';
  /** window.onerror, unhandledrejection, or `handleError()` from the site. */
  source: 'js_exception' | 'unhandled_rejection' | 'handled';
  name: string;
  message: string;
  stack?: string;
}
export interface RequestEvent extends Base {
  type: 'request';
  kind: 'fetch' | 'xhr';
  url: string;
  method: string;
  /** 0 when the request failed before a response (network error, CORS, abort). */
  status: number;
  duration: number;
  requestSize?: number;
  responseSize?: number;
  /** Only when the project allows payloads; after the sanitizer; never Authorization or Cookie. */
  requestHeaders?: Record<string, string>;
  responseHeaders?: Record<string, string>;
  requestBody?: string;
  responseBody?: string;
}
export interface GraphqlEvent extends Base {
  type: 'graphql';
  operationKind: 'query' | 'mutation' | 'subscription';
  operationName: string;
  duration?: number;
  variables?: string;
  response?: string;
}
export interface StateActionEvent extends Base { type: 'state_action'; action: string; payload?: string }
/**
 * A resource the page loaded (image, script, stylesheet, media, ...) from its resource timing,
 * or one that failed to load. `ts` is when it started loading.
 */
export interface ResourceEvent extends Base {
  type: 'resource';
  url: string;
  /** PerformanceResourceTiming.initiatorType, the failing element's tag, or "icon" for a declared /favicon.ico. */
  initiator: string;
  duration: number;
  /** HTTP status, where the browser tells it. */
  status?: number;
  transferSize?: number;
  failed: boolean;
}
/** Periodic sample: CPU load estimate (0-100, from main-thread busy time) and JS heap. */
export interface PerformanceEvent extends Base {
  type: 'performance';
  cpu: number;
  memoryUsed?: number;
  memoryTotal?: number;
  fps?: number;
}
export interface IssueEvent extends Base { type: 'issue'; issueType: string; payload?: unknown }

export type TrackerEvent =
  | PageEvent
  | PageTimingEvent
  | ClickEvent
  | ScrollEvent
  | InputEvent
  | CustomEvent
  | IdentifyEvent
  | AnonymousIdEvent
  | MetadataEvent
  | ConsoleEvent
  | ErrorEvent
  | RequestEvent
  | GraphqlEvent
  | StateActionEvent
  | ResourceEvent
  | PerformanceEvent
  | IssueEvent;

export type TrackerEventType = TrackerEvent['type'];

// --- Assist: the live channel (a WebSocket opened only while an agent watches) ---------

/** The live channel, relative to the ingest point (`<server>/api/ingest/`), with `?token=` the session token. */
export const ASSIST_SOCKET_PATH = '../assist/visitor';

/** WebRTC signalling, relayed as it is between the visitor's page and one agent. */
export type RtcSignal =
  | { kind: 'offer' | 'answer'; sdp: string }
  | { kind: 'candidate'; candidate: string; sdpMid: string | null; sdpMLineIndex: number | null };

/**
 * A STUN or TURN server of the account (Account.iceServers), as RTCPeerConnection takes it: the
 * server checked it when an admin set it and hands it to both peers when a call starts.
 */
export interface CallIceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

/**
 * What an agent in control does on the visitor's page. Targets are the DOM recording's node ids
 * (what the agent clicked in the replay is that node on the page); the pointer is a fraction of
 * the viewport.
 */
export type AgentInput =
  | { kind: 'pointer'; x: number; y: number }
  | { kind: 'click'; id: number }
  | { kind: 'type'; id: number; text: string }
  | { kind: 'key'; id: number; key: 'Enter' | 'Backspace' | 'Tab' };

/** Tracker → server on the live channel. */
export type VisitorMessage =
  | { type: 'events'; events: RecordingEvent[] }
  | { type: 'call'; agentId: string; action: 'accepted' | 'declined' | 'ended' }
  | { type: 'signal'; agentId: string; signal: RtcSignal }
  | { type: 'control'; agentId: string; action: 'accepted' | 'declined' | 'stopped' }
  | { type: 'refused'; agentId: string; reason: string };

/** Server → tracker on the live channel. */
export type VisitorCommand =
  /** A new agent watches: a full snapshot gives them a start. */
  | { type: 'snapshot' }
  /** Nobody watches any more: back to batches only. */
  | { type: 'idle' }
  /** `iceServers` (on a request): what the visitor's peer connection uses, the same list as the agent's. */
  | { type: 'call'; agentId: string; agentName: string; action: 'request' | 'ended'; video: boolean; iceServers?: CallIceServer[] }
  | { type: 'signal'; agentId: string; signal: RtcSignal }
  | { type: 'control'; agentId: string; agentName: string; action: 'request' | 'ended' }
  | { type: 'input'; agentId: string; input: AgentInput };
