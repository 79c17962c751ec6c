// What series and breakdown answer, computed in memory from the contract project a store was
// loaded with, written from the port's doc comments (shared/analytics.ts) without any store: the
// contract compares every store with it. The filter is a predicate the suite writes beside each
// filter, over a session with its events (in order) and issues.
import type { AnalyticsRange, BreakdownAnswer, BreakdownDimension, SeriesAnswer, SeriesMeasure } from '../../shared/analytics.js';
import { comparePositions, type ContractEvent, type ContractIssue, type ContractProject, type ContractSession } from './contract-project.js';

/** A session of the project with its own events, in the order they happened, and its issues. */
export interface SessionView extends ContractSession {
  events: ContractEvent[];
  issues: ContractIssue[];
}

export type SessionPredicate = (session: SessionView) => boolean;

/** The project's sessions, each with its events and issues. */
export function sessionViews(project: ContractProject): SessionView[] {
  const views = new Map(project.sessions.map((s) => [s.sessionId, { ...s, events: [] as ContractEvent[], issues: [] as ContractIssue[] }]));
  for (const e of project.events) views.get(e.sessionId)?.events.push(e);
  for (const i of project.issues) views.get(i.sessionId)?.issues.push(i);
  for (const view of views.values()) view.events.sort(comparePositions);
  return [...views.values()];
}

/** A session's user: its user id, else its device id; none when it has neither (empty counts as none). */
export function userOf(s: SessionView): string | null {
  if (s.userId) return `id:${s.userId}`;
  if (s.userUuid) return `device:${s.userUuid}`;
  return null;
}

function picked(sessions: readonly SessionView[], range: AnalyticsRange, matches: SessionPredicate): SessionView[] {
  return sessions.filter((s) => s.startedAt >= range.startDate && s.startedAt <= range.endDate && matches(s));
}

function measureOf(sessions: readonly SessionView[], measure: SeriesMeasure): number {
  if (measure === 'sessionCount') return sessions.length;
  return new Set(sessions.map(userOf).filter((u) => u !== null)).size;
}

export function referenceSeries(project: ContractProject, range: AnalyticsRange, bucketMs: number, measure: SeriesMeasure, matches: SessionPredicate): SeriesAnswer {
  const chosen = picked(sessionViews(project), range, matches);
  const points: SeriesAnswer['points'] = [];
  for (let from = range.startDate; from <= range.endDate; from += bucketMs) {
    points.push({ timestamp: from, value: measureOf(chosen.filter((s) => s.startedAt >= from && s.startedAt < from + bucketMs), measure) });
  }
  return { points, total: measureOf(chosen, measure) };
}

/** The names a session belongs to under a dimension, each once; none for an empty value. */
export function namesOf(s: SessionView, by: BreakdownDimension): string[] {
  const one = (value: string | null) => (value ? [value] : []);
  switch (by) {
    case 'browser':
      return one(s.browser);
    case 'os':
      return one(s.os);
    case 'device':
      return one(s.deviceType);
    case 'country':
      return one(s.country);
    case 'url':
      return [...new Set(s.events.flatMap((e) => (e.type === 'LOCATION' && e.value ? [e.value] : [])))];
    case 'issue':
      return [...new Set(s.issues.map((i) => i.type))];
  }
}

/** Code-point order, as the stores compare names ("C" collation on PostgreSQL). */
const byCodePoints = (a: string, b: string) => {
  const x = [...a].map((c) => c.codePointAt(0)!);
  const y = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
};

export function referenceBreakdown(project: ContractProject, range: AnalyticsRange, by: BreakdownDimension, measure: SeriesMeasure, limit: number, matches: SessionPredicate): BreakdownAnswer {
  const chosen = picked(sessionViews(project), range, matches);
  const members = new Map<string, SessionView[]>();
  for (const s of chosen) for (const name of namesOf(s, by)) members.set(name, [...(members.get(name) ?? []), s]);
  const rows = [...members]
    .map(([name, group]) => ({ name, value: measureOf(group, measure) }))
    .filter((r) => r.value > 0)
    .sort((a, b) => b.value - a.value || byCodePoints(a.name, b.name));
  return { rows: rows.slice(0, limit), total: measureOf(chosen, measure), others: Math.max(0, rows.length - limit) };
}
