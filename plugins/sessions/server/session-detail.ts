import { allOf, notFound, sql, trusted, type ProjectsService, type SqlFragment, type SqlRunner } from '@cassette/plugin-sdk/server';
import type { Session, SessionEventItem } from '../shared/session.js';
import { listSessionIssues } from './issues/session-issues.js';
import { toListItem, type SessionListRow } from './list-item.js';
import { sessionListSql } from './session-query.js';
import { SESSION_NOT_FOUND } from './session-lookup.js';
import {
  clickRageItem,
  toError,
  toEventItem,
  toLog,
  toPerformanceSample,
  toResource,
  toStackEvent,
  type StoredEventRow,
} from './session-items.js';

/** Each list of the answer holds at most this many items (the first ones in time): a huge session must not blow up the answer. */
export const SESSION_LIST_CAP = 5000;

/** Device types the spec counts as mobile (part 2 §3 "derived isMobile"). */
const MOBILE_DEVICE_TYPES: ReadonlySet<string> = new Set(['console', 'mobile', 'tablet']);

interface DetailRow extends SessionListRow {
  /** Kept by the issues processor (issues/thresholds.ts issueScore). */
  issue_score: number | null;
  user_agent: string | null;
  screen_width: number | null;
  screen_height: number | null;
  viewport_width: number | null;
  viewport_height: number | null;
}

export interface SessionDetailRequest {
  projectId: number;
  sessionId: string;
  viewerId: number;
  /** The caller holds DEV_TOOLS (admins hold every permission). */
  devtools: boolean;
  /** How many items each list may hold. */
  cap?: number;
}

const EVENT_COLUMNS = trusted(`seq, idx, ts, type, url, host, path, label, selector, value, name, method, status, success, duration,
  ttfb, dom_content_loaded, dom_complete, load_time, fcp, lcp, speed_index, tti, dom_building, payload`);

function size(width: number | null, height: number | null): { width: number; height: number } | null {
  return width === null || height === null ? null : { width, height };
}

/** The Session of `GET /sessions2/{id}` (shared/session.ts), from `sessions_sessions` and `sessions_events`. */
export async function loadSessionDetail(run: SqlRunner, projects: ProjectsService, q: SessionDetailRequest): Promise<Session> {
  const cap = q.cap ?? SESSION_LIST_CAP;
  const { page } = sessionListSql(
    { projectId: q.projectId, viewerId: q.viewerId, page: 1, limit: 1, sort: 'startTs', order: 'desc' },
    allOf([sql`s.project_id = ${q.projectId}`, sql`s.session_id = ${q.sessionId}`]),
  );
  const [row] = await run<DetailRow>(page);
  if (!row) throw notFound(SESSION_NOT_FOUND);
  const summary = toListItem(row);
  const startedAt = summary.startedAt;

  const rowsOf = (where: SqlFragment) =>
    run<StoredEventRow>(sql`select ${EVENT_COLUMNS} from sessions_events
        where project_id = ${q.projectId} and session_id = ${q.sessionId} and ${where}
        order by ts, seq, idx limit ${cap}`);

  const [eventRows, errorRows, missedRows, issues, project, neighbours] = await Promise.all([
    rowsOf(sql`type in ('LOCATION', 'CLICK', 'INPUT', 'CUSTOM')`),
    rowsOf(sql`type = 'ERROR'`),
    rowsOf(sql`type = 'RESOURCE' and success = false`),
    listSessionIssues(run, q.sessionId),
    projects.get(q.projectId),
    neighboursOf(run, q.projectId, q.sessionId, row.started_at),
  ]);
  const [logRows, resourceRows, stackRows, performanceRows] = q.devtools
    ? await Promise.all([
        rowsOf(sql`type = 'CONSOLE'`),
        rowsOf(sql`type in ('FETCH', 'RESOURCE')`),
        rowsOf(sql`type in ('GRAPHQL', 'STATEACTION')`),
        rowsOf(sql`type = 'PERFORMANCE'`),
      ])
    : [[], [], [], []];

  const events: SessionEventItem[] = eventRows.map((r) => toEventItem(r, startedAt)).filter((e): e is SessionEventItem => e !== null);
  for (const issue of issues) if (issue.type === 'click_rage') events.push(clickRageItem(issue));
  events.sort((a, b) => a.timestamp - b.timestamp || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

  const deviceType = row.user_device_type ?? '';
  return {
    ...summary,
    siteId: q.projectId,
    projectKey: project?.projectKey ?? '',
    userAgent: row.user_agent,
    isMobile: MOBILE_DEVICE_TYPES.has(deviceType),
    isIOS: (row.user_os ?? '').toLowerCase() === 'ios',
    screen: size(row.screen_width, row.screen_height),
    viewport: size(row.viewport_width, row.viewport_height),
    issueScore: row.issue_score ?? 0,
    events: events.slice(0, cap),
    errors: errorRows.map((r) => toError(r, startedAt)),
    issues: issues.slice(0, cap),
    crashes: issues.filter((issue) => issue.type === 'crash').slice(0, cap),
    missedResources: missedRows.map((r) => toResource(r, startedAt)),
    devtools: q.devtools,
    logs: logRows.map((r) => toLog(r, startedAt)),
    resources: resourceRows.map((r) => toResource(r, startedAt)),
    stackEvents: stackRows.map((r) => toStackEvent(r, startedAt)),
    performance: performanceRows.map((r) => toPerformanceSample(r, startedAt)),
    previousSessionId: neighbours.previous,
    nextSessionId: neighbours.next,
  };
}

/** The sessions just before and after this one by start time in the project (ties by id), for autoplay. */
async function neighboursOf(run: SqlRunner, projectId: number, sessionId: string, startedAt: Date | string): Promise<{ previous: string | null; next: string | null }> {
  const at = new Date(startedAt);
  const [previous] = await run<{ session_id: string }>(sql`select session_id from sessions_sessions where project_id = ${projectId} and (started_at, session_id) < (${at}, ${sessionId})
      order by started_at desc, session_id desc limit 1`);
  const [next] = await run<{ session_id: string }>(sql`select session_id from sessions_sessions where project_id = ${projectId} and (started_at, session_id) > (${at}, ${sessionId})
      order by started_at asc, session_id asc limit 1`);
  return { previous: previous?.session_id ?? null, next: next?.session_id ?? null };
}
