// The data the analytics contract suites (funnels and series) load into an implementation: a
// project's sessions, their searchable events and their issues, in a form any store can load
// (PostgreSQL rows, a column store's tables). Each implementation supplies one loader, through
// `AnalyticsUnderTest`; the suites supply the data and the answers.
import type { AnalyticsQueryService } from '../../api.js';
import type { IssueType } from '../../shared/issue-types.js';

export interface ContractSession {
  /** 19 digits, like every session id; unique across every project a suite loads. */
  sessionId: string;
  /** Epoch ms. */
  startedAt: number;
  durationMs: number;
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
}

/** The event kinds funnel steps read in the suites. */
export type ContractEventType = 'LOCATION' | 'CLICK' | 'INPUT' | 'CUSTOM' | 'FETCH';

export interface ContractEvent {
  sessionId: string;
  /** Epoch ms; with seq (the batch) and idx (the place in it) it orders a session's events. (sessionId, seq, idx) is unique. */
  ts: number;
  seq: number;
  idx: number;
  type: ContractEventType;
  /** LOCATION and FETCH: the path (the URL is the site's origin and it); CLICK and INPUT: the label; CUSTOM: the name. */
  value: string;
}

export interface ContractIssue {
  sessionId: string;
  type: IssueType;
  contextString: string;
  /** Positioned like events (the event that raised it); (sessionId, type, seq, idx) is unique. */
  ts: number;
  seq: number;
  idx: number;
}

export interface ContractProject {
  sessions: ContractSession[];
  events: ContractEvent[];
  issues: ContractIssue[];
}

/** An implementation as both contract suites drive it: its query service and its one loader. */
export interface AnalyticsUnderTest {
  service: AnalyticsQueryService;
  /**
   * Stores a project's sessions, events and issues as the implementation's store holds recorded
   * ones, in a project of their own (a real one: no retention or clean-up may remove them while
   * the suite runs); answers its project id. Session ids are unique across every load.
   */
  load(project: ContractProject): Promise<number>;
  /** Removes what `load` stored; the implementation may reuse the project for a later load. */
  unload(projectId: number): Promise<void>;
  close(): Promise<void>;
}

/** Boots an implementation for one suite. */
export type AnalyticsUnderTestFactory = () => Promise<AnalyticsUnderTest>;

/** What the funnel cases leave unset on a session: no os, device, country or metadata. */
export const NO_SESSION_DETAILS = { os: null, deviceType: null, country: null, metadata: {} } as const satisfies Pick<ContractSession, 'os' | 'deviceType' | 'country' | 'metadata'>;

export const CONTRACT_SITE_ORIGIN = 'https://shop.example.test';

let lastSessionNumber = 0;

/** A session id no other project of the run uses: 19 digits. */
export function freshSessionId(): string {
  lastSessionNumber += 1;
  return `7${String(lastSessionNumber).padStart(18, '0')}`;
}

/** The same project under session ids no project loaded before uses (a suite loads a project more than once, and stores key sessions by id). */
export function withFreshSessionIds(project: ContractProject): ContractProject {
  const ids = new Map(project.sessions.map((s) => [s.sessionId, freshSessionId()]));
  const id = (old: string) => {
    const fresh = ids.get(old);
    if (!fresh) throw new Error(`an event or issue of session ${old}, which the project does not hold`);
    return fresh;
  };
  return {
    sessions: project.sessions.map((s) => ({ ...s, sessionId: id(s.sessionId) })),
    events: project.events.map((e) => ({ ...e, sessionId: id(e.sessionId) })),
    issues: project.issues.map((i) => ({ ...i, sessionId: id(i.sessionId) })),
  };
}

/** Positions compare by (ts, seq, idx), as the port orders a session's events. */
export function comparePositions(a: { ts: number; seq: number; idx: number }, b: { ts: number; seq: number; idx: number }): number {
  return a.ts - b.ts || a.seq - b.seq || a.idx - b.idx;
}
