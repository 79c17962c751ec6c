import { ANONYMOUS_USER } from '../shared/constants.js';
import type { SessionSummary } from '../shared/session.js';
import { isLiveSession } from './live-session.js';

/** A `sessions_sessions` row as the list query selects it. */
export interface SessionListRow {
  session_id: string;
  project_id: number;
  started_at: Date | string;
  duration_ms: number;
  user_id: string | null;
  user_anonymous_id: string | null;
  user_uuid: string | null;
  user_browser: string | null;
  user_browser_version: string | null;
  user_os: string | null;
  user_os_version: string | null;
  user_device: string | null;
  user_device_type: string | null;
  user_country: string | null;
  page_title: string | null;
  first_url: string | null;
  referrer: string | null;
  rev_id: string | null;
  timezone: string | null;
  pages_count: number;
  events_count: number;
  errors_count: number;
  console_logs_count: number;
  issue_types: string[] | null;
  watchdogs?: number[] | null;
  metadata: Record<string, string> | null;
  last_event_at: Date | string | null;
  ended_at: Date | string | null;
  viewed: boolean;
  favorite: boolean;
  user_sessions_count: number;
}

/** A non-negative 32-bit hash (the same for the same text everywhere): picks a user's avatar. */
export function numericHash(value: string): number {
  let hash = 0;
  for (let i = 0; i < value.length; i++) hash = (Math.imul(hash, 31) + value.charCodeAt(i)) | 0;
  return hash >>> 0;
}

export function displayName(userId: string | null, userAnonymousId: string | null): string {
  return userId || userAnonymousId || ANONYMOUS_USER;
}

const ms = (d: Date | string) => new Date(d).getTime();

export function toListItem(row: SessionListRow, now = Date.now()): SessionSummary {
  const live = isLiveSession(row.ended_at, row.last_event_at, now);
  return {
    sessionId: row.session_id,
    projectId: row.project_id,
    startedAt: ms(row.started_at),
    duration: row.duration_ms,
    userId: row.user_id,
    userAnonymousId: row.user_anonymous_id,
    userUuid: row.user_uuid,
    userBrowser: row.user_browser,
    userBrowserVersion: row.user_browser_version,
    userOs: row.user_os,
    userOsVersion: row.user_os_version,
    userDevice: row.user_device,
    userDeviceType: row.user_device_type,
    userCountry: row.user_country,
    pageTitle: row.page_title,
    startUrl: row.first_url,
    referrer: row.referrer,
    revId: row.rev_id,
    timezone: row.timezone,
    pagesCount: row.pages_count,
    eventsCount: row.events_count,
    errorsCount: row.errors_count,
    consoleLogsCount: row.console_logs_count,
    issueTypes: row.issue_types ?? [],
    watchdogs: (row.watchdogs ?? []).map(Number),
    metadata: row.metadata ?? {},
    userDisplayName: displayName(row.user_id, row.user_anonymous_id),
    userNumericHash: numericHash(row.user_id ?? row.user_anonymous_id ?? row.session_id),
    userSessionsCount: row.user_sessions_count,
    viewed: row.viewed,
    favorite: row.favorite,
    live,
    // One rule: a session that is live is active (the spec keeps both fields).
    active: live,
    endedAt: row.ended_at === null ? null : ms(row.ended_at),
  };
}
