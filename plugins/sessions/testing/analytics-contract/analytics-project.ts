// How the series suite writes its sessions: each with its events and issues, at ms after its
// start (the hand-written cases and the generator read best that way). They reach a store as the
// contract's one project model (contract-project.ts, `toContractProject`), through the same
// loader the funnel suite uses.
import type { IssueType } from '../../shared/issue-types.js';
import type { ContractProject } from './contract-project.js';

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

/**
 * The sessions as a contract project: pages are LOCATION events and clicks CLICK events, all in
 * batch 0 in their order; issues in batch 1, each at its own place (so repeats stay distinct).
 */
export function toContractProject(sessions: readonly ProjectSession[]): ContractProject {
  const project: ContractProject = { sessions: [], events: [], issues: [] };
  for (const { events, issues, ...session } of sessions) {
    const { sessionId, startedAt } = session;
    project.sessions.push(session);
    events.forEach((e, idx) => project.events.push({ sessionId, ts: startedAt + e.at, seq: 0, idx, ...(e.kind === 'page' ? { type: 'LOCATION', value: e.path } : { type: 'CLICK', value: e.label }) }));
    issues.forEach((i, idx) => project.issues.push({ sessionId, type: i.type, contextString: i.contextString, ts: startedAt + i.at, seq: 1, idx }));
  }
  return project;
}

/** A session with nothing but a start: the hand-written cases add what they test. */
export function projectSession(sessionId: string, startedAt: number, rest: Partial<ProjectSession> = {}): ProjectSession {
  return { sessionId, startedAt, durationMs: 30_000, userId: null, userUuid: null, browser: null, os: null, deviceType: null, country: null, metadata: {}, events: [], issues: [], ...rest };
}
