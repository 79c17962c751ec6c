import { randomInt } from 'node:crypto';
import { SESSION_ID_PATTERN } from '../api.js';

/**
 * Session ids are 19 decimal digits: the start time in ms (13 digits until the year 2286)
 * followed by 6 random digits. They sort by start time as text and as numbers, fit a
 * PostgreSQL bigint, and read like OpenReplay's ids in URLs. They are not credentials:
 * every batch also needs the session's signed token.
 */
export function newSessionId(now = Date.now()): string {
  return `${Math.floor(now)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

const SESSION_ID_RE = new RegExp(SESSION_ID_PATTERN);

export function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && SESSION_ID_RE.test(value);
}
