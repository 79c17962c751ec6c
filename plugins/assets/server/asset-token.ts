import { HttpError, type Caller, type DelegatedLogin, type SecretsService } from '@cassette/plugin-sdk/server';

/**
 * The replay iframe loads recorded assets with plain `<img>`, `<link>`, font and media
 * requests, which carry no `Authorization` header. The player asks for this token once per
 * replay and puts it in every proxied URL (`t=`); it stands for the viewer's login on one
 * project, and the kernel checks that login, role and permission on each request as it would
 * the header's.
 */
export interface AssetTokenClaims extends DelegatedLogin {
  /** Epoch ms after which the token is refused. */
  expiresAt: number;
}

const PURPOSE = 'assets.view';
/** Long enough to watch a long session; a reload asks for a new one. */
export const ASSET_TOKEN_TTL_MS = 12 * 60 * 60_000;
/** Sealed tokens of these claims are a few hundred characters; anything much longer is not one. */
const MAX_TOKEN_LENGTH = 1024;
const NOT_VALID = 'The asset link is not valid: open the session again.';
const EXPIRED = 'The asset link has expired: open the session again.';

/**
 * Sealed with the secrets service (AES-256-GCM): opaque to the browser, and any change fails
 * authentication. The purpose keeps other sealed values (session tokens, integration secrets)
 * from passing as asset tokens.
 */
export function issueAssetToken(secrets: SecretsService, caller: Caller, projectId: number, now = Date.now()): { token: string; expiresAt: number } {
  const expiresAt = now + ASSET_TOKEN_TTL_MS;
  const token = secrets.encrypt(JSON.stringify({ p: PURPOSE, pid: projectId, uid: caller.userId, tid: caller.tenantId, lid: caller.tokenId, exp: expiresAt }));
  return { token, expiresAt };
}

/** The claims of a valid token; a tampered, foreign or expired one answers 401 with a message saying so. */
export function verifyAssetToken(secrets: SecretsService, token: string, now = Date.now()): AssetTokenClaims {
  if (token.length > MAX_TOKEN_LENGTH) throw new HttpError(401, NOT_VALID);
  let raw: unknown;
  try {
    raw = JSON.parse(secrets.decrypt(token));
  } catch {
    throw new HttpError(401, NOT_VALID);
  }
  const c = raw as { p?: unknown; pid?: unknown; uid?: unknown; tid?: unknown; lid?: unknown; exp?: unknown };
  if (c?.p !== PURPOSE || !Number.isSafeInteger(c.pid) || !Number.isSafeInteger(c.uid) || !Number.isSafeInteger(c.tid) || typeof c.lid !== 'string' || typeof c.exp !== 'number') {
    throw new HttpError(401, NOT_VALID);
  }
  if (c.exp <= now) throw new HttpError(401, EXPIRED);
  return { projectId: c.pid as number, userId: c.uid as number, tenantId: c.tid as number, loginId: c.lid, expiresAt: c.exp };
}
