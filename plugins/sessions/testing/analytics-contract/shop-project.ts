// A hand-written project for the funnel contract: each session is one case, and the answers in
// funnel.contract.ts are worked out by hand from the comments here.
import type { AnalyticsRange } from '../../shared/analytics.js';
import type { IssueType } from '../../shared/issue-types.js';
import type { SearchFilterItem } from '../../shared/search.js';
import { NO_SESSION_DETAILS, type ContractEventType, type ContractProject } from './contract-project.js';

export const HOME: SearchFilterItem = { type: 'LOCATION', operator: 'is', value: ['/home'] };
export const ADD: SearchFilterItem = { type: 'CLICK', operator: 'on', value: ['Add'] };
export const CART: SearchFilterItem = { type: 'LOCATION', operator: 'is', value: ['/cart'] };
export const CHECKOUT: SearchFilterItem = { type: 'LOCATION', operator: 'is', value: ['/checkout'] };

const HOUR_MS = 3_600_000;

type EventSpec = [second: number, type: ContractEventType, value: string, position?: { seq: number; idx: number }];
type IssueSpec = [second: number, type: IssueType, context: string, position?: { seq: number; idx: number }];

interface SessionSpec {
  /** Hours after the range start (null: the given `at`). */
  hour: number;
  user: string | null;
  device: string | null;
  browser?: string;
  events: EventSpec[];
  issues?: IssueSpec[];
}

/**
 * The cases, with what they reach on HOME → ADD → CART → CHECKOUT. `hour` is after the range
 * start; -1 ms and +1 ms past the range are spelled out. Issues are listed with the stage window
 * they fall in for the span 1 → 4 (from the HOME event, to the CHECKOUT event or the end).
 */
function specs(range: AnalyticsRange): Record<string, SessionSpec & { at?: number }> {
  const week = (range.endDate - range.startDate) / HOUR_MS;
  return {
    // All four, in order. Issues: before HOME (not counted), raised by the HOME event itself
    // (counted), between (counted), a hidden custom one between (not counted), raised by the
    // CHECKOUT event (not counted: it did not stop the conversion), after (not counted).
    full: {
      hour: 1,
      user: 'u1',
      device: 'd-u1',
      events: [[1, 'LOCATION', '/home'], [2, 'CLICK', 'Add'], [3, 'LOCATION', '/cart'], [4, 'LOCATION', '/checkout']],
      issues: [
        [0.5, 'bad_request', 'GET /api/x 500'],
        [1, 'slow_page_load', '/home', { seq: 0, idx: 0 }],
        [2.5, 'js_exception', 'TypeError: x'],
        [2.5, 'custom', 'my-issue'],
        [4, 'dead_click', 'a.checkout', { seq: 0, idx: 3 }],
        [5, 'click_rage', 'button#add'],
      ],
    },
    // u1 again; CART and ADD come before HOME: HOME only. Its error precedes its HOME: not counted.
    outOfOrder: {
      hour: 2,
      user: 'u1',
      device: 'd-u1',
      events: [[1, 'LOCATION', '/cart'], [2, 'CLICK', 'Add'], [3, 'LOCATION', '/home']],
      issues: [[2, 'js_exception', 'TypeError: x']],
    },
    // Skips ADD: HOME only. Dropped: its issues up to the end count.
    skip: {
      hour: 3,
      user: 'u2',
      device: 'd-u2',
      events: [[1, 'LOCATION', '/home'], [2, 'LOCATION', '/cart'], [3, 'LOCATION', '/checkout']],
      issues: [[2.5, 'js_exception', 'TypeError: x'], [10, 'bad_request', 'GET /api/x 500']],
    },
    // HOME, ADD, HOME, ADD: two stages here; three on HOME → ADD → HOME.
    repeat: {
      hour: 4,
      user: 'u2',
      device: 'd-u2',
      events: [[1, 'LOCATION', '/home'], [2, 'CLICK', 'Add'], [3, 'LOCATION', '/home'], [4, 'CLICK', 'Add']],
    },
    // Two sessions of one anonymous device (the same start: the newer-first order ties, then by id).
    anonA: {
      hour: 5,
      user: null,
      device: 'd1',
      events: [[1, 'LOCATION', '/home'], [2, 'CLICK', 'Add']],
      issues: [[3, 'js_exception', 'TypeError: x'], [3.5, 'js_exception', 'RangeError: y']],
    },
    anonB: { hour: 5, user: null, device: 'd1', events: [[1, 'LOCATION', '/home']], issues: [[2, 'js_exception', 'TypeError: x']] },
    // Firefox: three stages.
    firefox: { hour: 6, user: 'u3', device: 'd-u3', browser: 'Firefox', events: [[1, 'LOCATION', '/home'], [2, 'CLICK', 'Add'], [3, 'LOCATION', '/cart']] },
    // Same time and batch: the index orders them, ADD (idx 1) before HOME (idx 2): HOME only.
    tieIndex: {
      hour: 7,
      user: 'u4',
      device: 'd-u4',
      events: [[1, 'CLICK', 'Add', { seq: 1, idx: 1 }], [1, 'LOCATION', '/home', { seq: 1, idx: 2 }]],
    },
    // Same time: the batch orders them, HOME (seq 1, idx 5) before ADD (seq 2, idx 0): two stages.
    tieBatch: {
      hour: 8,
      user: 'u4',
      device: 'd-u4',
      events: [[1, 'LOCATION', '/home', { seq: 1, idx: 5 }], [1, 'CLICK', 'Add', { seq: 2, idx: 0 }]],
    },
    // Time comes first: ADD is in a later batch but an earlier second: HOME only.
    timeFirst: {
      hour: 9,
      user: 'u5',
      device: 'd-u5',
      events: [[2, 'LOCATION', '/home', { seq: 1, idx: 0 }], [1, 'CLICK', 'Add', { seq: 2, idx: 0 }]],
    },
    // Neither a user id nor a device id: a session, but no user. Its dead click was raised by the ADD event.
    noIds: {
      hour: 10,
      user: null,
      device: null,
      events: [[1, 'LOCATION', '/home'], [2, 'CLICK', 'Add', { seq: 0, idx: 1 }]],
      issues: [[2, 'dead_click', 'button#add', { seq: 0, idx: 1 }]],
    },
    // The range's ends are inclusive.
    atStart: { hour: 0, user: 'u6', device: 'd-u6', events: [[1, 'LOCATION', '/home']] },
    atEnd: { hour: week, user: 'u7', device: 'd-u7', events: [[1, 'LOCATION', '/home'], [2, 'CLICK', 'Add']] },
    beforeRange: {
      hour: 0,
      at: range.startDate - 1,
      user: 'u8',
      device: 'd-u8',
      events: [[1, 'LOCATION', '/home'], [2, 'CLICK', 'Add'], [3, 'LOCATION', '/cart'], [4, 'LOCATION', '/checkout']],
      issues: [[2.5, 'js_exception', 'TypeError: x']],
    },
    afterRange: {
      hour: 0,
      at: range.endDate + 1,
      user: 'u8',
      device: 'd-u8',
      events: [[1, 'LOCATION', '/home'], [2, 'CLICK', 'Add'], [3, 'LOCATION', '/cart'], [4, 'LOCATION', '/checkout']],
    },
    // Nothing recorded: in the range, in no stage. Its issue counts nowhere.
    nothing: { hour: 11, user: 'u9', device: 'd-u9', events: [], issues: [[1, 'bad_request', 'GET /api/x 500']] },
    // CART before ADD, then HOME and CART again, then CHECKOUT: HOME@1 ADD@3 CART@5 CHECKOUT@6, all four.
    // Three stages on HOME → ADD → HOME (HOME@4). Its request failed between ADD and CART.
    detour: {
      hour: 12,
      user: 'u10',
      device: 'd-u10',
      events: [[1, 'LOCATION', '/home'], [2, 'LOCATION', '/cart'], [3, 'CLICK', 'Add'], [4, 'LOCATION', '/home'], [5, 'LOCATION', '/cart'], [6, 'LOCATION', '/checkout']],
      issues: [[5.5, 'bad_request', 'GET /api/x 500']],
    },
  };
}

export type ShopSessionName = keyof ReturnType<typeof specs>;

/** The project, with placeholder ids equal to the case names (load through `withFreshSessionIds`, then map names with `shopSessionIds`). */
export function shopProject(range: AnalyticsRange): ContractProject {
  const project: ContractProject = { sessions: [], events: [], issues: [] };
  for (const [name, spec] of Object.entries(specs(range))) {
    const startedAt = spec.at ?? range.startDate + spec.hour * HOUR_MS;
    project.sessions.push({ sessionId: name, startedAt, durationMs: 60_000, userId: spec.user, userUuid: spec.device, browser: spec.browser ?? 'Chrome', ...NO_SESSION_DETAILS });
    spec.events.forEach(([second, type, value, position], i) => {
      project.events.push({ sessionId: name, ts: startedAt + second * 1000, seq: position?.seq ?? 0, idx: position?.idx ?? i, type, value });
    });
    (spec.issues ?? []).forEach(([second, type, contextString, position], i) => {
      project.issues.push({ sessionId: name, type, contextString, ts: startedAt + second * 1000, seq: position?.seq ?? 0, idx: position?.idx ?? 100 + i });
    });
  }
  return project;
}
