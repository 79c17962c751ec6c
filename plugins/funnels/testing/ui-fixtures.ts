// Answers of the funnels routes as the pages read them, for the browser tests.
import type { SessionSummary } from '@cassette/plugin-sessions/api';
import type { Funnel, FunnelIssue, FunnelIssuesAnswer, FunnelListItem, FunnelSessionsAnswer, FunnelStage } from '../shared/funnel.js';

export const FIXTURE_PROJECT_ID = 7;

export function funnelListItem(overrides: Partial<FunnelListItem> = {}): FunnelListItem {
  return { funnelId: 1, projectId: FIXTURE_PROJECT_ID, userId: 1, name: 'Checkout', isPublic: false, stepsCount: 3, createdAt: Date.UTC(2026, 10, 1), ...overrides };
}

export function stage(overrides: Partial<FunnelStage> = {}): FunnelStage {
  return { type: 'LOCATION', value: ['/cart'], operator: 'is', sessionsCount: 1000, usersCount: 800, dropCount: 0, dropPercentage: 0, label: 'Step 1', header: 'Visited URL is /cart', ...overrides };
}

/** Three stages: 1000 → 600 → 240 sessions. */
export const CHECKOUT_STAGES: FunnelStage[] = [
  stage(),
  stage({ value: ['/checkout'], sessionsCount: 600, usersCount: 500, dropCount: 400, dropPercentage: 40, label: 'Step 2', header: 'Visited URL is /checkout' }),
  stage({ type: 'CLICK', value: ['Pay now'], operator: 'on', sessionsCount: 240, usersCount: 210, dropCount: 360, dropPercentage: 60, label: 'Step 3', header: 'Clicked on Pay now' }),
];

export function funnel(overrides: Partial<Funnel> = {}): Funnel {
  return {
    ...funnelListItem(),
    filter: {
      events: [
        { type: 'LOCATION', operator: 'is', value: ['/cart'], isEvent: true },
        { type: 'LOCATION', operator: 'is', value: ['/checkout'], isEvent: true },
        { type: 'CLICK', operator: 'on', value: ['Pay now'], isEvent: true },
      ],
      filters: [],
      rangeValue: 'LAST_7_DAYS',
    },
    stages: CHECKOUT_STAGES,
    sessionsCount: 1000,
    criticalIssuesCount: 2,
    conversions: 88,
    affectedUsers: 140,
    lostConversions: 120,
    conversionImpact: 12,
    firstStage: 1,
    lastStage: 3,
    totalDropDueToIssues: 120,
    ...overrides,
  };
}

export function issue(overrides: Partial<FunnelIssue> = {}): FunnelIssue {
  return {
    issueId: 'click_rage-pay',
    name: 'Click Rage',
    title: 'Click Rage on "Pay now"',
    type: 'click_rage',
    contextString: 'Pay now',
    affectedUsers: 90,
    affectedSessions: 120,
    unaffectedSessions: 880,
    lostConversions: 80,
    conversionImpact: 8,
    affectedConversion: 6.7,
    unaffectedConversion: 26.1,
    significance: { method: 'fisher', pValue: 0.0004, adjustedPValue: 0.0012, significant: true, confidenceInterval: { low: 13.9, high: 24.9 } },
    ...overrides,
  };
}

/** A JavaScript error that hurts little and is not significant. */
export const MINOR_ERRORS_ISSUE: FunnelIssue = issue({
  issueId: 'js_exception-NA',
  name: 'Errors',
  title: 'Errors',
  type: 'js_exception',
  contextString: 'NA',
  affectedUsers: 4,
  affectedSessions: 5,
  unaffectedSessions: 995,
  lostConversions: 1,
  conversionImpact: 0.1,
  affectedConversion: 20,
  unaffectedConversion: 24.1,
  significance: { method: 'two-proportion', pValue: 0.4, adjustedPValue: 0.8, significant: false, confidenceInterval: { low: -10.5, high: 30.2 } },
});

export function issuesAnswer(issues: FunnelIssue[] = [issue(), MINOR_ERRORS_ISSUE], span = { firstStage: 1, lastStage: 3 }): FunnelIssuesAnswer {
  return { issues, ...span };
}

export function sessionSummary(overrides: Partial<SessionSummary> = {}): SessionSummary {
  return {
    sessionId: 's-1',
    projectId: FIXTURE_PROJECT_ID,
    startedAt: Date.UTC(2026, 10, 21, 14, 5),
    duration: 65_000,
    userId: 'ada@shop.test',
    userAnonymousId: null,
    userUuid: null,
    userBrowser: 'Chrome',
    userBrowserVersion: '120.0.1',
    userOs: 'macOS',
    userOsVersion: '14',
    userDevice: null,
    userDeviceType: 'desktop',
    userCountry: 'DE',
    pageTitle: 'Shop',
    startUrl: 'https://shop.test/cart',
    referrer: null,
    revId: null,
    timezone: null,
    pagesCount: 3,
    eventsCount: 12,
    errorsCount: 0,
    consoleLogsCount: 0,
    issueTypes: [],
    watchdogs: [],
    metadata: {},
    userDisplayName: 'ada@shop.test',
    userNumericHash: 42,
    userSessionsCount: 1,
    viewed: false,
    favorite: false,
    live: false,
    endedAt: null,
    active: false,
    ...overrides,
  };
}

export function sessionsAnswer(count = 2, total = count): FunnelSessionsAnswer {
  return { sessions: Array.from({ length: count }, (_, i) => sessionSummary({ sessionId: `s-${i + 1}` })), total };
}
