import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';

// The algorithm is pinned both ways: we sign HS256 and accept nothing else.
const ALGORITHM = 'HS256';
const AUDIENCE = 'cassette-api';
const ISSUER = 'cassette';

export interface TokenClaims {
  userId: number;
  tenantId: number;
  tokenId: string;
}

export class TokenService {
  constructor(
    private readonly secret: Uint8Array,
    private readonly ttlSeconds: number,
  ) {}

  async issue(userId: number, tenantId: number): Promise<{ token: string; tokenId: string; expiresAt: Date }> {
    const tokenId = randomUUID();
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = new Date((now + this.ttlSeconds) * 1000);
    const token = await new SignJWT({ tid: tenantId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(userId))
      .setJti(tokenId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(this.secret);
    return { token, tokenId, expiresAt };
  }

  /** Returns null for any token that is malformed, forged, expired or meant for another audience. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: [ALGORITHM], audience: AUDIENCE, issuer: ISSUER });
      const userId = Number(payload.sub);
      const tenantId = Number(payload.tid);
      if (!Number.isInteger(userId) || !Number.isInteger(tenantId) || typeof payload.jti !== 'string') return null;
      return { userId, tenantId, tokenId: payload.jti };
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
