// What the analytics contract suites describe a project with, whatever stores it: sessions as
// the session search and the analytics queries read them. A store under test gets these through
// its loader and writes them the way its own ingest would.
import type { AnalyticsQueryService } from '../../api.js';
import type { IssueType } from '../../shared/issue-types.js';

/** A user-facing event, `at` ms after the session's start (never before it). */
export type ProjectEvent = { kind: 'page'; at: number; path: string } | { kind: 'click'; at: number; label: string };

export interface ProjectIssue {
  type: IssueType;
  contextString: string;
  /** Ms after the session's start. */
  at: number;
}

export interface ProjectSession {
  sessionId: string;
  /** Epoch ms. */
  startedAt: number;
  durationMs: number;
  /** Absent is null; an empty id is stored as given and counts as no id. */
  userId: string | null;
  /** The tracker's device id. */
  userUuid: string | null;
  browser: string | null;
  os: string | null;
  /** desktop, mobile, tablet, other. */
  deviceType: string | null;
  /** ISO code. */
  country: string | null;
  metadata: Record<string, string>;
  /** In the order they happened (`at` ascending, distinct). */
  events: ProjectEvent[];
  /** Issues the session had: a type may come several times; its session's issue types are their distinct types. */
  issues: ProjectIssue[];
}

/** A store with the analytics query service over it, as a contract suite drives it. */
export interface AnalyticsStore {
  service: AnalyticsQueryService;
  /** Stores `sessions` as the only sessions of a new project; answers its id. */
  load(sessions: readonly ProjectSession[]): Promise<number>;
  close(): Promise<void>;
}

export type AnalyticsStoreFactory = () => Promise<AnalyticsStore>;

/** A session with nothing but a start: the hand-written cases add what they test. */
export function projectSession(sessionId: string, startedAt: number, rest: Partial<ProjectSession> = {}): ProjectSession {
  return { sessionId, startedAt, durationMs: 30_000, userId: null, userUuid: null, browser: null, os: null, deviceType: null, country: null, metadata: {}, events: [], issues: [], ...rest };
}
