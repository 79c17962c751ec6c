import { createHash } from 'node:crypto';
import type { FunnelIssueKey } from '@cassette/plugin-sessions/api';

const ISSUE_ID = /^[A-Za-z0-9_-]{1,60}\.[A-Za-z0-9_-]{22}$/;

/**
 * A funnel issue's id: its type, then 128 bits of the SHA-256 of (type, context) in base64url.
 * Stable (the same issue has the same id in every range and span) and short enough for a URL
 * path whatever the context's length (a page URL, an error message). It names the issue only
 * together with the issues of a funnel: the routes find it among them.
 */
export function issueIdOf(key: FunnelIssueKey): string {
  const digest = createHash('sha256').update(JSON.stringify([key.type, key.contextString])).digest('base64url').slice(0, 22);
  return `${key.type}.${digest}`;
}

/** Could `issueId` be an id issueIdOf made? (A malformed one names no issue: 404.) */
export function isIssueId(issueId: string): boolean {
  return ISSUE_ID.test(issueId);
}
