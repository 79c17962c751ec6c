// A reference funnel over a ContractProject held in memory: the answers the contract suite expects
// from every implementation, computed by plain loops with none of their SQL. It reads the steps
// and session filters the suite uses (listed below) and refuses anything else, so a suite that
// outgrows it fails loudly instead of expecting a wrong answer.
import type {
  FunnelCounts,
  FunnelIssueCounts,
  FunnelIssueKey,
  FunnelIssueUnionCounts,
  FunnelIssuesAnswer,
  FunnelQuery,
  FunnelSessionsQuery,
  SessionIdsPage,
  SessionsAndUsers,
  StageSpan,
} from '../../shared/analytics.js';
import type { SearchFilterItem } from '../../shared/search.js';
import { comparePositions, type ContractEvent, type ContractIssue, type ContractProject, type ContractSession } from './contract-project.js';

/** Spec part 1 §3: custom issues are not visible, so funnels leave them out. */
const HIDDEN_ISSUE_TYPES = new Set(['custom']);

const STEP_KINDS: Record<string, ContractEvent['type']> = { LOCATION: 'LOCATION', CLICK: 'CLICK', INPUT: 'INPUT', CUSTOM: 'CUSTOM' };

type EventTest = (event: ContractEvent) => boolean;

function texts(item: SearchFilterItem): string[] {
  return (item.value ?? []).filter((v): v is string => typeof v === 'string' && v !== '');
}

/**
 * Event items the reference reads: LOCATION (paths, not URLs), CLICK, INPUT and CUSTOM with is / on
 * (exact), isNot / notOn (none of them), startsWith and contains (any case), isAny / onAny.
 */
function eventTest(item: SearchFilterItem): EventTest {
  const kind = STEP_KINDS[item.type];
  if (!kind) throw new Error(`the reference funnel does not read ${item.type} items`);
  const values = texts(item);
  const lower = values.map((v) => v.toLowerCase());
  const ofKind = (e: ContractEvent) => e.type === kind;
  switch (item.operator ?? 'is') {
    case 'is':
    case 'on':
      return (e) => ofKind(e) && values.includes(e.value);
    case 'isNot':
    case 'notOn':
      return (e) => ofKind(e) && !values.includes(e.value);
    case 'startsWith':
      return (e) => ofKind(e) && lower.some((v) => e.value.toLowerCase().startsWith(v));
    case 'contains':
      return (e) => ofKind(e) && lower.some((v) => e.value.toLowerCase().includes(v));
    case 'isAny':
    case 'onAny':
      return ofKind;
    default:
      throw new Error(`the reference funnel does not read the operator ${item.operator}`);
  }
}

/** Session filters the reference reads: `filters` holding USERBROWSER is / isNot, and event items that must exist in the session. */
function sessionTest(query: FunnelQuery): (session: ContractSession, events: ContractEvent[]) => boolean {
  const filter = query.sessionFilter ?? {};
  if (filter.events?.length) throw new Error('the reference funnel does not read session filters with events (sequences)');
  const tests = (filter.filters ?? []).map((item): ((s: ContractSession, events: ContractEvent[]) => boolean) => {
    if (item.type === 'USERBROWSER') {
      const values = texts(item);
      if (item.operator === 'is') return (s) => s.browser !== null && values.includes(s.browser);
      if (item.operator === 'isNot') return (s) => s.browser === null || !values.includes(s.browser);
      throw new Error(`the reference funnel does not read USERBROWSER ${item.operator}`);
    }
    const test = eventTest(item);
    return (_s, events) => events.some(test);
  });
  return (session, events) => tests.every((t) => t(session, events));
}

interface Reached {
  session: ContractSession;
  events: ContractEvent[];
  /** The first way (earliest positions, step by step) the session did steps 1..k, for each k it did: ways[k - 1]. */
  ways: ContractEvent[][];
}

/**
 * The first way to do `steps` (the chain of events whose positions are smallest, comparing the
 * first step's, then the second's...), or null. Found by looking ahead: `canFinish[j][i]` says
 * steps j.. can still be done with events i..; then each step takes the earliest event that
 * leaves the rest possible. (The SQL takes the earliest match step by step, which is the same
 * chain: this computes it another way, so the two check each other.)
 */
function firstWay(events: ContractEvent[], tests: EventTest[]): ContractEvent[] | null {
  const n = events.length;
  const k = tests.length;
  const canFinish: boolean[][] = Array.from({ length: k + 1 }, () => new Array<boolean>(n + 1).fill(false));
  for (let i = 0; i <= n; i += 1) canFinish[k]![i] = true;
  for (let j = k - 1; j >= 0; j -= 1) {
    for (let i = n - 1; i >= 0; i -= 1) canFinish[j]![i] = canFinish[j]![i + 1]! || (tests[j]!(events[i]!) && canFinish[j + 1]![i + 1]!);
  }
  if (!canFinish[0]![0]) return null;
  const way: ContractEvent[] = [];
  let from = 0;
  for (let j = 0; j < k; j += 1) {
    let i = from;
    while (!(tests[j]!(events[i]!) && canFinish[j + 1]![i + 1]!)) i += 1;
    way.push(events[i]!);
    from = i + 1;
  }
  return way;
}

function reachedSessions(project: ContractProject, query: FunnelQuery): Reached[] {
  const inFilter = sessionTest(query);
  const tests = query.steps.map(eventTest);
  const eventsBySession = new Map<string, ContractEvent[]>();
  for (const e of project.events) eventsBySession.set(e.sessionId, [...(eventsBySession.get(e.sessionId) ?? []), e]);
  const { startDate, endDate } = query.range;
  return project.sessions
    .filter((s) => s.startedAt >= startDate && s.startedAt <= endDate)
    .map((session) => ({ session, events: [...(eventsBySession.get(session.sessionId) ?? [])].sort(comparePositions) }))
    .filter(({ session, events }) => inFilter(session, events))
    .map(({ session, events }) => {
      const ways: ContractEvent[][] = [];
      for (let k = 1; k <= tests.length; k += 1) {
        const way = firstWay(events, tests.slice(0, k));
        if (!way) break;
        ways.push(way);
      }
      return { session, events, ways };
    });
}

/** The port's rule (SessionsAndUsers): the user id, else the device id, an empty one being none; the two kinds never equal. */
const userOf = (s: ContractSession): string | null => (s.userId ? `id:${s.userId}` : s.userUuid ? `device:${s.userUuid}` : null);

function sessionsAndUsers(sessions: ContractSession[]): SessionsAndUsers {
  const users = new Set(sessions.map(userOf).filter((u): u is string => u !== null));
  return { sessionsCount: sessions.length, usersCount: users.size };
}

export function referenceFunnel(project: ContractProject, query: FunnelQuery): FunnelCounts {
  const reached = reachedSessions(project, query);
  return { stages: query.steps.map((_, i) => sessionsAndUsers(reached.filter((r) => r.ways.length > i).map((r) => r.session))) };
}

interface SpanSession {
  session: ContractSession;
  converted: boolean;
  /** Keys `${type}\n${context}` of the issues that affected it. */
  issueKeys: Set<string>;
}

const keyOf = (issue: FunnelIssueKey) => `${issue.type}\n${issue.contextString}`;

function spanSessions(project: ContractProject, query: FunnelQuery & { span: StageSpan }): SpanSession[] {
  const { firstStage, lastStage } = query.span;
  const issuesBySession = new Map<string, ContractIssue[]>();
  for (const issue of project.issues) issuesBySession.set(issue.sessionId, [...(issuesBySession.get(issue.sessionId) ?? []), issue]);
  return reachedSessions(project, query)
    .filter((r) => r.ways.length >= firstStage)
    .map((r) => {
      const converted = r.ways.length >= lastStage;
      // The first way the session did the most of the span it did.
      const way = converted ? r.ways[lastStage - 1]! : r.ways[firstStage - 1]!;
      const from = way[firstStage - 1]!;
      const until = converted ? way[lastStage - 1]! : null;
      const affecting = (issuesBySession.get(r.session.sessionId) ?? []).filter(
        (issue) => !HIDDEN_ISSUE_TYPES.has(issue.type) && comparePositions(issue, from) >= 0 && (until === null || comparePositions(issue, until) < 0),
      );
      return { session: r.session, converted, issueKeys: new Set(affecting.map(keyOf)) };
    });
}

export function referenceFunnelIssues(project: ContractProject, query: FunnelQuery & { span: StageSpan }): FunnelIssuesAnswer {
  const span = spanSessions(project, query);
  const entered = sessionsAndUsers(span.map((s) => s.session));
  const converted = sessionsAndUsers(span.filter((s) => s.converted).map((s) => s.session));
  const keys = new Map<string, FunnelIssueKey>();
  for (const issue of project.issues) keys.set(keyOf(issue), { type: issue.type, contextString: issue.contextString });
  const issues: FunnelIssueCounts[] = [];
  for (const [key, issue] of keys) {
    const affected = span.filter((s) => s.issueKeys.has(key));
    if (!affected.length) continue;
    const affectedConversions = affected.filter((s) => s.converted).length;
    issues.push({
      ...issue,
      affectedSessions: affected.length,
      affectedUsers: sessionsAndUsers(affected.map((s) => s.session)).usersCount,
      affectedConversions,
      unaffectedSessions: entered.sessionsCount - affected.length,
      unaffectedConversions: converted.sessionsCount - affectedConversions,
    });
  }
  issues.sort((a, b) => b.affectedSessions - a.affectedSessions || compareText(a.type, b.type) || compareText(a.contextString, b.contextString));
  return { entered, converted, issues };
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function referenceIssueUnion(project: ContractProject, query: FunnelQuery & { span: StageSpan }, issues: readonly FunnelIssueKey[]): FunnelIssueUnionCounts {
  const wanted = new Set(issues.map(keyOf));
  const affected = spanSessions(project, query).filter((s) => [...s.issueKeys].some((k) => wanted.has(k)));
  return {
    affectedSessions: affected.length,
    affectedUsers: sessionsAndUsers(affected.map((s) => s.session)).usersCount,
    affectedConversions: affected.filter((s) => s.converted).length,
  };
}

export function referenceFunnelSessions(project: ContractProject, query: FunnelSessionsQuery): SessionIdsPage {
  const cohort = spanSessions(project, query)
    .filter((s) => (query.cohort === 'converted' ? s.converted : query.cohort === 'dropped' ? !s.converted : true))
    .filter((s) => !query.issue || s.issueKeys.has(keyOf(query.issue)))
    .filter((s) => !query.issues || query.issues.some((issue) => s.issueKeys.has(keyOf(issue))))
    .map((s) => s.session)
    .sort((a, b) => b.startedAt - a.startedAt || compareText(a.sessionId, b.sessionId));
  return { sessionIds: cohort.slice(query.offset, query.offset + query.limit).map((s) => s.sessionId), total: cohort.length };
}
