// Public surface of the errors plugin: types and refs only, safe for any plugin and the browser.
import { createServiceRef } from '@cassette/plugin-sdk';

/** Error status (spec part 2 §4). */
export const ERROR_STATUSES = ['unresolved', 'resolved', 'ignored'] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/** Page size of the errors list (spec part 2 §9). */
export const ERRORS_PAGE_SIZE = 10;

/** Sort keys of the errors list: last occurrence, first occurrence, users, sessions, occurrences. */
export const ERROR_SORT_KEYS = ['lastOccurrence', 'firstOccurrence', 'users', 'sessions', 'occurrences'] as const;
export type ErrorSortKey = (typeof ERROR_SORT_KEYS)[number];

/**
 * Which errors the list shows by where they happened: `include` (default) every error, `exclude`
 * errors with an occurrence in a real visit, `only` errors with an occurrence in a synthetic test run
 * (within the date range, when one is given).
 */
export const ERROR_SYNTHETIC_FILTERS = ['include', 'exclude', 'only'] as const;
export type ErrorSyntheticFilter = (typeof ERROR_SYNTHETIC_FILTERS)[number];

/** How often the top bar refreshes the new-errors badge, and over what window (spec part 1 §4, §9). */
export const NEW_ERRORS_REFRESH_MS = 5 * 60_000;
export const NEW_ERRORS_WINDOW_MS = 7 * 24 * 3_600_000;

/** The spec's warning when a stack cannot be mapped (part 1 §2, part 2 §8). */
export const SOURCEMAPS_MISSING_TEXT = 'Source maps must be uploaded to see stack traces.';

/**
 * One frame of a stack (spec part 2 §3 "Stack frame"). From the recorded stack (`absPath` is
 * the script URL, `filename` its path part) or, once mapped, the original source (`absPath`
 * and `filename` the original file, `function` the original name).
 */
export interface StackFrame {
  absPath: string | null;
  filename: string | null;
  function: string | null;
  /** 1-based. */
  lineNo: number | null;
  /** 1-based. */
  colNo: number | null;
  /** Frame index in the stack, 0 = where the error was thrown. */
  offset: number;
  /** Source lines around `lineNo`: [line number, text] pairs, up to 5 before and 5 after (original sources only). */
  context: [number, string][] | null;
  /** False for frames in third-party or browser code (vendor bundles, extensions, `<anonymous>`). */
  inApp: boolean;
}

/** A point of an occurrence chart: bucket start (epoch ms) and how many occurrences fell into it. */
export interface ChartPoint {
  timestamp: number;
  count: number;
}

/** An error group as the list shows it (spec part 2 §3 "Error"). */
export interface ErrorListItem {
  errorId: string;
  /** js_exception, unhandled_rejection or handled. */
  source: string;
  name: string;
  message: string;
  status: ErrorStatus;
  /** Set on errors merged into another. */
  parentErrorId: string | null;
  /** Distinct users (user id, else the browser's id, else the session). */
  users: number;
  sessions: number;
  occurrences: number;
  /** Epoch ms. */
  firstOccurrence: number;
  lastOccurrence: number;
  /** "function (file:line:col)" of the first in-app frame of the latest occurrence, raw (not mapped). */
  firstFrame: string | null;
  /** Occurrences per day over the last 30 days (the list's small chart). */
  chart: ChartPoint[];
  favorite: boolean;
  viewed: boolean;
  /** How many of `occurrences` were recorded in synthetic test runs (the session's metadata `synthetic`). */
  syntheticOccurrences: number;
  /** Every occurrence was recorded in a synthetic test run (the list and detail badge it 'Synthetic'). */
  synthetic: boolean;
}

/** The top values of one tag and how many occurrences carry each (top 5, the rest summed). */
export interface ErrorTag {
  name: 'browser' | 'os' | 'device' | 'country' | 'url';
  values: { value: string; count: number; percentage: number }[];
  /** Occurrences with another value than the top ones. */
  others: number;
}

/** A session in which the error happened (the error detail lists them, newest first). */
export interface ErrorSessionItem {
  sessionId: string;
  /** Epoch ms of the error's (first) occurrence in that session: the player opens there. */
  errorTimestamp: number;
  occurrences: number;
  userId: string | null;
  userAnonymousId: string | null;
  browser: string | null;
  os: string | null;
  device: string | null;
  country: string | null;
  url: string | null;
  release: string | null;
}

/** `GET /api/{projectId}/errors/{errorId}`. Reading it marks the error viewed for the caller. */
export interface ErrorDetail extends ErrorListItem {
  /** Occurrences per hour over the last 24 hours. */
  chart24: ChartPoint[];
  /** Occurrences per day over the last 30 days. */
  chart30: ChartPoint[];
  tags: ErrorTag[];
  /** The newest sessions that hit it (up to 10; more through `GET .../errors/{id}/sessions`). */
  sessions10: ErrorSessionItem[];
  /** The newest session that hit it. */
  lastHydratedSession: ErrorSessionItem | null;
  /** Releases it was seen in, newest first (up to 10). */
  releases: string[];
  /** Ids of errors merged into this one. */
  mergedErrorIds: string[];
  /** The raw stack of the latest occurrence. */
  stack: string | null;
}

/** `POST /api/{projectId}/errors/search` (also `?favorite` = bookmarked). */
export interface ErrorSearchRequest {
  page?: number;
  /** Default 10, at most 200. */
  limit?: number;
  sort?: ErrorSortKey;
  order?: 'asc' | 'desc';
  /** Default unresolved; `all` for every status. */
  status?: ErrorStatus | 'all';
  /** Case-insensitive text in the name, message or first frame. */
  query?: string;
  bookmarked?: boolean;
  /** Epoch ms: errors with an occurrence in this range (default: no bound). */
  startDate?: number;
  endDate?: number;
  /** Default `include`; `exclude` hides errors seen only in synthetic test runs, `only` shows errors seen in them. */
  synthetic?: ErrorSyntheticFilter;
}

export interface ErrorSearchResult {
  total: number;
  errors: ErrorListItem[];
}

/** `GET /api/{projectId}/errors/stats?startTimestamp&endTimestamp`: the top bar's new-errors badge. */
export interface ErrorStats {
  /** Unresolved errors the caller has not viewed, with an occurrence in the range. */
  unresolvedUnviewed: number;
}

/** The answer of the status routes (`/solve`, `/unsolve`, `/ignore`): `changed` is false when it already had that status. */
export interface ErrorStatusChange {
  errorId: string;
  status: ErrorStatus;
  changed: boolean;
}

/** `POST /api/{projectId}/errors/merge` `{ errors: [id, ...] }`: the first is kept, the others merged into it. */
export interface ErrorMergeResult {
  errorId: string;
  merged: string[];
}

/**
 * A stack as the viewer shows it: `GET /api/{projectId}/errors/{errorId}/sourcemaps` (latest
 * occurrence) and `GET /api/{projectId}/sessions2/{sessionId}/errors/{errorId}/sourcemaps`
 * (that session's first occurrence, or `?key=seq:idx`).
 */
export interface ResolvedStack {
  /** Mapped frames where a source map was found, raw frames otherwise (same length, same order). */
  frames: (StackFrame & { mapped: boolean })[];
  /** The stack as recorded (the RAW view). */
  raw: string | null;
  /** True when at least one in-app frame could not be mapped: the viewer shows SOURCEMAPS_MISSING_TEXT. */
  sourcemapsMissing: boolean;
  release: string | null;
}

/** An error occurrence of a session: `GET /api/{projectId}/sessions2/{sessionId}/errors` (the player's errors panel). */
export interface SessionErrorOccurrence {
  errorId: string;
  /** `seq:idx` of the error event: the same key as the session's `errors[].key`. */
  key: string;
  timestamp: number;
  status: ErrorStatus;
}

/** An uploaded source map (`GET /api/{projectId}/sourcemaps`). */
export interface SourceMapInfo {
  release: string;
  /** Path of the minified file it maps, relative to the site root (`assets/app.min.js`). */
  file: string;
  bytes: number;
  uploadedAt: number;
}

/**
 * Source-map upload (the CLI): `POST /api/sourcemaps?projectKey=&release=&file=` with the
 * organization API key as `Authorization: Bearer <key>` and the map's JSON as the body.
 */
export const SOURCEMAP_LIMITS = {
  /** Largest map accepted, bytes. */
  maxMapBytes: 32 * 1024 * 1024,
  /** Most `sources` entries in one map. */
  maxSources: 10_000,
  /** Longest release id and file path. */
  maxReleaseLength: 200,
  maxFileLength: 500,
} as const;

/** An error group first seen within a range, with what it did there. */
export interface NewError {
  errorId: string;
  name: string;
  message: string;
  /** Epoch ms. */
  firstOccurrence: number;
  /** Within the range. */
  occurrences: number;
  sessions: number;
  users: number;
}

/** What other plugins (the weekly report) read about a project's errors. */
export interface ErrorsReader {
  /**
   * Groups whose first occurrence falls within [startDate, endDate] (epoch ms, inclusive), not
   * ignored and not merged into another, most occurrences first (then newest); `total` counts them all.
   */
  newErrors(projectId: number, range: { startDate: number; endDate: number }, limit: number): Promise<{ errors: NewError[]; total: number }>;
}

export const errorsServices = {
  reader: createServiceRef<ErrorsReader>('errors.reader'),
} as const;
