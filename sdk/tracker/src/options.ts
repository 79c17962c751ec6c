import type { InputMode, RequestEvent } from './protocol';

/** What the tracker hands to the site's network sanitizer, and what it records afterwards. */
export type NetworkRequest = Omit<RequestEvent, 'type' | 'ts'>;

export interface NetworkOptions {
  /** Edit a captured request (remove tokens, personal data) or return null to drop it. */
  sanitizer?: (request: NetworkRequest) => NetworkRequest | null;
  /** Set false to never capture headers and bodies, even when the project allows it. */
  capturePayload?: boolean;
  /** Header names (any case) never recorded, on top of Authorization, Cookie and Set-Cookie. */
  ignoreHeaders?: string[];
  /** Turn request capture off entirely. */
  enabled?: boolean;
}

export type ConsoleMethod = 'info' | 'log' | 'warn' | 'error';

export interface TrackerOptions {
  /** The project's key, shown on the onboarding page. */
  projectKey: string;
  /** Where the tracker sends data, e.g. `https://cassette.example.com/api/ingest`. */
  ingestPoint?: string;
  /** Release or revision of the website, to tell versions apart in replays. */
  revID?: string;
  /** Do not record visitors whose browser sends Do Not Track. */
  respectDoNotTrack?: boolean;
  /** Keep a random device id in localStorage to count visits per browser (default true). */
  deviceId?: boolean;
  network?: NetworkOptions;
  /** Stricter masking than the project's settings (never looser). */
  obscureTextEmails?: boolean;
  obscureTextNumbers?: boolean;
  defaultInputMode?: InputMode;
  /** Console methods to record; `levels: []` records none. */
  console?: { levels?: ConsoleMethod[] };
  /** Page timings, failed resources and CPU/memory samples (default true). */
  capturePerformance?: boolean;
  /** A hidden tab ends its session after this long (default 30 minutes). */
  sessionHiddenTimeoutMs?: number;
  /**
   * Record from construction, before `start()`'s answer (default true): errors, console,
   * requests and the DOM of the page load, kept in memory and sent once the session starts.
   * Set false when the tracker is created before the visitor may be recorded (a consent banner
   * that calls `start()` later): then nothing is captured until the session starts.
   */
  captureBeforeStart?: boolean;
  /** Log what the tracker does to the browser console. */
  __debug?: boolean;
}

export const DEFAULTS = {
  ingestPath: '/api/ingest',
  sessionHiddenTimeoutMs: 30 * 60_000,
  consoleLevels: ['info', 'log', 'warn', 'error'] as ConsoleMethod[],
  /** rrweb re-takes a full snapshot this often, so a replay can start near any point. */
  checkoutEveryNms: 5 * 60_000,
  performanceSampleMs: 5_000,
  /** Uncompressed JSON size at which the buffer is sealed without waiting for the timer. */
  flushBytes: 256 * 1024,
  /**
   * Most events in one batch unless the server names a lower limit: far above what a busy page
   * records in a flush interval; a burst (a page logging in a loop) is cut into several batches.
   */
  maxBatchEvents: 10_000,
  /** Memory the unacknowledged batches may hold before recording data is dropped. */
  maxQueueBytes: 4 * 1024 * 1024,
  maxQueueBatches: 600,
  /** Browsers cap keepalive / beacon bodies at 64 KB in flight. */
  keepaliveBytes: 60 * 1024,
  /** sessionStorage is shared with the site: keep our share small. */
  maxPersistedBytes: 512 * 1024,
  /**
   * What is kept before the session starts (JSON characters, and semantic events): the memory the
   * unacknowledged batches may hold (a full snapshot of a 2,000-row list is about 1.1 MB), and
   * bounded for a page whose start answer is slow to come.
   */
  capBeforeStart: { maxBytes: 4 * 1024 * 1024, maxEvents: 1_000 },
  /** A page that created the tracker but has not called `start()` by then stops capturing. */
  waitForStartMs: 30_000,
  /** On a first visit, how long after DOMContentLoaded the first snapshot waits for the granted rules. */
  waitForRulesMs: 1_000,
  /**
   * `blob:` images are sent as `data:` URLs up to this size each (bytes), and this much per page:
   * base64 grows a picture by a third and barely compresses, and a batch must stay under the
   * server's 1 MB limit.
   */
  blobImageMaxBytes: 512 * 1024,
  blobImagesMaxBytesPerPage: 2 * 1024 * 1024,
} as const;

export function defaultIngestPoint(scriptSrc: string | undefined, pageOrigin: string | undefined): string | undefined {
  const base = scriptSrc ? safeOrigin(scriptSrc) : pageOrigin;
  return base ? base + DEFAULTS.ingestPath : undefined;
}

function safeOrigin(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
