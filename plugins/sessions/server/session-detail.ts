import type { EntityManager } from '@mikro-orm/core';
import { notFound, type ProjectsService } from '@cassette/plugin-sdk/server';
import type { Session, SessionEventItem } from '../shared/session.js';
import { listSessionIssues } from './issues/session-issues.js';
import { toListItem, type SessionListRow } from './list-item.js';
import { sessionListConditions, sessionListSql } from './session-query.js';
import { SESSION_NOT_FOUND, sql } from './session-lookup.js';
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

const EVENT_COLUMNS = `seq, idx, ts, type, url, host, path, label, selector, value, name, method, status, success, duration,
  ttfb, dom_content_loaded, dom_complete, load_time, fcp, lcp, speed_index, tti, dom_building, payload`;

function size(width: number | null, height: number | null): { width: number; height: number } | null {
  return width === null || height === null ? null : { width, height };
}

/** The Session of `GET /sessions2/{id}` (shared/session.ts), from `sessions_sessions` and `sessions_events`. */
export async function loadSessionDetail(em: EntityManager, projects: ProjectsService, q: SessionDetailRequest): Promise<Session> {
  const cap = q.cap ?? SESSION_LIST_CAP;
  const { page } = sessionListSql(
    { projectId: q.projectId, viewerId: q.viewerId, page: 1, limit: 1, sort: 'startTs', order: 'desc' },
    sessionListConditions(q).where('s.session_id = ?', q.sessionId),
  );
  const [row] = await sql<DetailRow>(em, page.sql, page.params);
  if (!row) throw notFound(SESSION_NOT_FOUND);
  const summary = toListItem(row);
  const startedAt = summary.startedAt;

  const rowsOf = (where: string, params: unknown[] = []) =>
    sql<StoredEventRow>(
      em,
      `select ${EVENT_COLUMNS} from sessions_events
        where project_id = ? and session_id = ? and ${where}
        order by ts, seq, idx limit ?`,
      [q.projectId, q.sessionId, ...params, cap],
    );

  const [eventRows, errorRows, missedRows, issues, project, neighbours] = await Promise.all([
    rowsOf(`type in ('LOCATION', 'CLICK', 'INPUT', 'CUSTOM')`),
    rowsOf(`type = 'ERROR'`),
    rowsOf(`type = 'RESOURCE' and success = false`),
    listSessionIssues({ query: (text, params = []) => sql(em, text, [...params]) }, q.sessionId),
    projects.get(q.projectId),
    neighboursOf(em, q.projectId, q.sessionId, row.started_at),
  ]);
  const [logRows, resourceRows, stackRows, performanceRows] = q.devtools
    ? await Promise.all([
        rowsOf(`type = 'CONSOLE'`),
        rowsOf(`type in ('FETCH', 'RESOURCE')`),
        rowsOf(`type in ('GRAPHQL', 'STATEACTION')`),
        rowsOf(`type = 'PERFORMANCE'`),
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
async function neighboursOf(em: EntityManager, projectId: number, sessionId: string, startedAt: Date | string): Promise<{ previous: string | null; next: string | null }> {
  const at = new Date(startedAt);
  const [previous] = await sql<{ session_id: string }>(
    em,
    `select session_id from sessions_sessions where project_id = ? and (started_at, session_id) < (?, ?)
      order by started_at desc, session_id desc limit 1`,
    [projectId, at, sessionId],
  );
  const [next] = await sql<{ session_id: string }>(
    em,
    `select session_id from sessions_sessions where project_id = ? and (started_at, session_id) > (?, ?)
      order by started_at asc, session_id asc limit 1`,
    [projectId, at, sessionId],
  );
  return { previous: previous?.session_id ?? null, next: next?.session_id ?? null };
}
