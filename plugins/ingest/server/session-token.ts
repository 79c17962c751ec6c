import type { SecretsService } from '@cassette/plugin-sdk/server';

/** What a session token proves: this session of this project, until `exp`. */
export interface SessionClaims {
  sessionId: string;
  projectId: number;
  /** Epoch ms after which the token is refused. */
  expiresAt: number;
  /** serverTime - trackerTime at the page's start: moves the page's timestamps onto the server clock. */
  clockOffsetMs: number;
}

const PURPOSE = 'ingest.session';

/**
 * Tokens are sealed with the secrets service (AES-256-GCM): opaque to the browser, and any
 * change to them fails authentication. The purpose field keeps other sealed values
 * (integration secrets) from passing as session tokens.
 */
export function issueSessionToken(secrets: SecretsService, claims: SessionClaims): string {
  return secrets.encrypt(JSON.stringify({ p: PURPOSE, sid: claims.sessionId, pid: claims.projectId, exp: claims.expiresAt, off: claims.clockOffsetMs }));
}

export type TokenCheck = { ok: true; claims: SessionClaims } | { ok: false; reason: string };

export function verifySessionToken(secrets: SecretsService, token: string, now = Date.now()): TokenCheck {
  if (token.length > 1024) return { ok: false, reason: 'The session token is not valid: start a new session.' };
  let raw: unknown;
  try {
    raw = JSON.parse(secrets.decrypt(token));
  } catch {
    return { ok: false, reason: 'The session token is not valid: start a new session.' };
  }
  const c = raw as { p?: unknown; sid?: unknown; pid?: unknown; exp?: unknown; off?: unknown };
  if (c?.p !== PURPOSE || typeof c.sid !== 'string' || !Number.isSafeInteger(c.pid) || typeof c.exp !== 'number' || typeof c.off !== 'number') {
    return { ok: false, reason: 'The session token is not valid: start a new session.' };
  }
  if (c.exp <= now) return { ok: false, reason: 'The session token has expired: start the session again.' };
  return { ok: true, claims: { sessionId: c.sid, projectId: c.pid as number, expiresAt: c.exp, clockOffsetMs: c.off } };
}
