// Random projects and funnel questions for the contract suite: small vocabularies so that steps
// match often, repeat, come out of order and tie on time, with users who have several sessions,
// anonymous devices, sessions at and past the range's edges, and issues all around the stages.
import fc from 'fast-check';
import type { AnalyticsRange, FunnelCohort, FunnelIssueKey, FunnelQuery, StageSpan } from '../../shared/analytics.js';
import type { IssueType } from '../../shared/issue-types.js';
import type { SearchFilterItem, SessionSearchFilter } from '../../shared/search.js';
import type { ContractEvent, ContractIssue, ContractProject, ContractSession } from './contract-project.js';

const DAY_MS = 86_400_000;

/** A week ending 10 days ago, on whole days: recent, so no retention period reaches the data. */
export function contractRange(now = Date.now()): AnalyticsRange {
  const endDate = Math.floor(now / DAY_MS) * DAY_MS - 10 * DAY_MS;
  return { startDate: endDate - 7 * DAY_MS, endDate };
}

const EVENT_VOCABULARY: readonly Pick<ContractEvent, 'type' | 'value'>[] = [
  { type: 'LOCATION', value: '/' },
  { type: 'LOCATION', value: '/products/1' },
  { type: 'LOCATION', value: '/Products/2' },
  { type: 'LOCATION', value: '/cart' },
  { type: 'LOCATION', value: '/checkout' },
  { type: 'CLICK', value: 'Add to cart' },
  { type: 'CLICK', value: 'Buy' },
  { type: 'INPUT', value: 'Email' },
  { type: 'CUSTOM', value: 'signup' },
];

/** Funnel steps over the vocabulary: exact, prefix (any case), and any event of a kind. */
export const STEP_VOCABULARY: readonly SearchFilterItem[] = [
  { type: 'LOCATION', operator: 'is', value: ['/'] },
  { type: 'LOCATION', operator: 'startsWith', value: ['/products/'] },
  { type: 'LOCATION', operator: 'is', value: ['/cart'] },
  { type: 'LOCATION', operator: 'is', value: ['/checkout'] },
  { type: 'CLICK', operator: 'on', value: ['Add to cart'] },
  { type: 'CLICK', operator: 'on', value: ['Buy'] },
  { type: 'INPUT', operator: 'is', value: ['Email'] },
  { type: 'CUSTOM', operator: 'is', value: ['signup'] },
  { type: 'LOCATION', operator: 'isAny', value: [] },
];

export const SESSION_FILTER_VOCABULARY: readonly SessionSearchFilter[] = [
  {},
  { filters: [{ type: 'USERBROWSER', operator: 'is', value: ['Firefox'] }] },
  { filters: [{ type: 'USERBROWSER', operator: 'isNot', value: ['Firefox'] }] },
  { filters: [{ type: 'CLICK', operator: 'on', value: ['Buy'] }] },
];

const ISSUE_TYPES_USED: readonly IssueType[] = ['bad_request', 'click_rage', 'js_exception', 'custom'];
const CONTEXTS = ['GET /api/cart 500', 'button#buy', 'NA'];

interface SessionDraft {
  session: Omit<ContractSession, 'sessionId'>;
  /** Seconds after the start, batch, and what. */
  events: { second: number; seq: number; what: Pick<ContractEvent, 'type' | 'value'> }[];
  /** At an event's position (its index among the events), or at a second of their own. */
  issues: { type: IssueType; contextString: string; at: { event: number } | { second: number; seq: number } }[];
}

function sessionDraft(range: AnalyticsRange, maxEvents: number, maxIssues: number): fc.Arbitrary<SessionDraft> {
  const { startDate, endDate } = range;
  const startedAt = fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(startDate - 1, startDate, endDate, endDate + 1) },
    { weight: 6, arbitrary: fc.integer({ min: startDate, max: endDate }) },
  );
  const event = fc.record({ second: fc.integer({ min: 0, max: 12 }), seq: fc.integer({ min: 0, max: 2 }), what: fc.constantFrom(...EVENT_VOCABULARY) });
  const issue = fc.record({
    type: fc.constantFrom(...ISSUE_TYPES_USED),
    contextString: fc.constantFrom(...CONTEXTS),
    at: fc.oneof(fc.record({ event: fc.nat() }), fc.record({ second: fc.integer({ min: 0, max: 13 }), seq: fc.integer({ min: 0, max: 2 }) })),
  });
  return fc.record({
    session: fc.record({
      startedAt,
      durationMs: fc.integer({ min: 0, max: 600_000 }),
      userId: fc.option(fc.constantFrom('ada', 'bob', 'cy'), { nil: null, freq: 2 }),
      userUuid: fc.option(fc.constantFrom('device-1', 'device-2', 'device-3', 'device-4'), { nil: null, freq: 6 }),
      browser: fc.constantFrom('Chrome', 'Firefox', 'Safari'),
      os: fc.constant(null),
      deviceType: fc.constant(null),
      country: fc.constant(null),
      metadata: fc.constant<Record<string, string>>({}),
    }),
    events: fc.array(event, { maxLength: maxEvents }),
    issues: fc.array(issue, { maxLength: maxIssues }),
  });
}

/** Session ids are placeholders ("s0", "s1"...): load through `withFreshSessionIds`. */
function toProject(drafts: SessionDraft[]): ContractProject {
  const project: ContractProject = { sessions: [], events: [], issues: [] };
  drafts.forEach((draft, n) => {
    const sessionId = `s${n}`;
    project.sessions.push({ sessionId, ...draft.session });
    // idx is the event's place in the draft: unique within the session, and unrelated to time, so
    // time, then batch, then index decide the order, as they do for recorded events.
    const events = draft.events.map((e, idx): ContractEvent => ({ sessionId, ts: draft.session.startedAt + e.second * 1000, seq: e.seq, idx, ...e.what }));
    project.events.push(...events);
    const taken = new Set<string>();
    for (const issue of draft.issues) {
      let position: Pick<ContractIssue, 'ts' | 'seq' | 'idx'>;
      if ('event' in issue.at) {
        if (!events.length) continue;
        const raisedBy = events[issue.at.event % events.length]!;
        position = { ts: raisedBy.ts, seq: raisedBy.seq, idx: raisedBy.idx };
      } else {
        // Between events: an index no event of the session has.
        position = { ts: draft.session.startedAt + issue.at.second * 1000 + 500, seq: issue.at.seq, idx: 1000 + taken.size };
      }
      const key = `${issue.type}:${position.seq}:${position.idx}`;
      if (taken.has(key)) continue;
      taken.add(key);
      project.issues.push({ sessionId, type: issue.type, contextString: issue.contextString, ...position });
    }
  });
  return project;
}

export function projectArbitrary(range: AnalyticsRange, size: { maxSessions: number; maxEvents: number; maxIssues: number }): fc.Arbitrary<ContractProject> {
  return fc.array(sessionDraft(range, size.maxEvents, size.maxIssues), { minLength: 1, maxLength: size.maxSessions }).map(toProject);
}

export interface FunnelQuestion {
  steps: SearchFilterItem[];
  sessionFilter: SessionSearchFilter;
  span: StageSpan;
  cohort: FunnelCohort;
  /** Picks the issue keys asked about (a union, a cohort's issue) among those in the project. */
  issuePicks: number[];
  limit: number;
  offset: number;
}

export const funnelQuestionArbitrary: fc.Arbitrary<FunnelQuestion> = fc
  .record({
    steps: fc.array(fc.constantFrom(...STEP_VOCABULARY), { minLength: 1, maxLength: 4 }),
    sessionFilter: fc.constantFrom(...SESSION_FILTER_VOCABULARY),
    spanPick: fc.tuple(fc.nat(), fc.nat()),
    cohort: fc.constantFrom<FunnelCohort>('entered', 'converted', 'dropped'),
    issuePicks: fc.array(fc.nat(), { maxLength: 3 }),
    limit: fc.integer({ min: 1, max: 5 }),
    offset: fc.integer({ min: 0, max: 4 }),
  })
  .map(({ spanPick, ...rest }) => {
    const stages = rest.steps.length;
    // Any span, one stage alone included (a one-step funnel has no other).
    const firstStage = 1 + (spanPick[0] % stages);
    const lastStage = firstStage + (spanPick[1] % (stages - firstStage + 1));
    return { ...rest, span: { firstStage, lastStage } };
  });

/** The (type, context) pairs the project holds, in a fixed order, for picking. */
export function issueKeysOf(project: ContractProject): FunnelIssueKey[] {
  const keys = new Map(project.issues.map((i) => [`${i.type}\n${i.contextString}`, { type: i.type, contextString: i.contextString }]));
  return [...keys.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, key]) => key);
}

export function funnelQueryOf(projectId: number, range: AnalyticsRange, question: FunnelQuestion): FunnelQuery {
  return { projectId, steps: question.steps, sessionFilter: question.sessionFilter, range };
}
