import { HttpError, type Caller, type DelegatedLogin, type SecretsService } from '@cassette/plugin-sdk/server';

/**
 * The live view's asset token. The live view's iframe loads the visitor's images, sheets and
 * fonts with plain requests that carry no login header, so their URLs carry this instead (`t=`).
 * It stands for the agent's login on one project and names the one live session whose assets it
 * opens; the kernel checks that login and ASSIST_LIVE on each request as it would the header's.
 * It opens nothing of a recording: those assets need SESSION_REPLAY (the assets plugin's token).
 */
export interface LiveAssetTokenClaims extends DelegatedLogin {
  sessionId: string;
  expiresAt: number;
}

const PURPOSE = 'assist.assets';
/** Long enough to watch a long visit; a reload asks for a new one. */
export const LIVE_ASSET_TOKEN_TTL_MS = 12 * 60 * 60_000;
/** Sealed tokens of these claims are a few hundred characters; anything much longer is not one. */
export const MAX_LIVE_ASSET_TOKEN_LENGTH = 1024;
export const LIVE_ASSET_LINK_INVALID = 'The asset link is not valid: open the live session again.';
const EXPIRED = 'The asset link has expired: open the live session again.';
const OTHER_SESSION = 'This asset link was made for another live session: open the live session again.';

/** Sealed with the secrets service (AES-256-GCM): opaque, unforgeable, and the purpose keeps other sealed values from passing for it. */
export function issueLiveAssetToken(secrets: SecretsService, caller: Caller, projectId: number, sessionId: string, now = Date.now()): { token: string; expiresAt: number } {
  const expiresAt = now + LIVE_ASSET_TOKEN_TTL_MS;
  const token = secrets.encrypt(JSON.stringify({ p: PURPOSE, pid: projectId, sid: sessionId, uid: caller.userId, tid: caller.tenantId, lid: caller.tokenId, exp: expiresAt }));
  return { token, expiresAt };
}

/** The claims of a valid token of this session; a tampered, foreign, expired or other session's token answers 401 saying so. */
export function verifyLiveAssetToken(secrets: SecretsService, token: string, sessionId: string, now = Date.now()): LiveAssetTokenClaims {
  if (token.length > MAX_LIVE_ASSET_TOKEN_LENGTH) throw new HttpError(401, LIVE_ASSET_LINK_INVALID);
  let raw: unknown;
  try {
    raw = JSON.parse(secrets.decrypt(token));
  } catch {
    throw new HttpError(401, LIVE_ASSET_LINK_INVALID);
  }
  const c = raw as { p?: unknown; pid?: unknown; sid?: unknown; uid?: unknown; tid?: unknown; lid?: unknown; exp?: unknown };
  if (c?.p !== PURPOSE || !Number.isSafeInteger(c.pid) || typeof c.sid !== 'string' || !Number.isSafeInteger(c.uid) || !Number.isSafeInteger(c.tid) || typeof c.lid !== 'string' || typeof c.exp !== 'number') {
    throw new HttpError(401, LIVE_ASSET_LINK_INVALID);
  }
  if (c.exp <= now) throw new HttpError(401, EXPIRED);
  if (c.sid !== sessionId) throw new HttpError(401, OTHER_SESSION);
  return { projectId: c.pid as number, sessionId: c.sid, userId: c.uid as number, tenantId: c.tid as number, loginId: c.lid, expiresAt: c.exp };
}
