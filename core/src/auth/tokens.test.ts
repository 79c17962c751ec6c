import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenService } from './tokens.js';

const secret = new TextEncoder().encode('a-test-secret-that-is-long-enough-for-hs256');

describe('TokenService', () => {
  it('round-trips a token it issued', async () => {
    const tokens = new TokenService(secret, 3600);
    const { token, tokenId } = await tokens.issue(7, 3);
    expect(await tokens.verify(token)).toEqual({ userId: 7, tenantId: 3, tokenId });
  });

  it('refuses an expired token', async () => {
    const tokens = new TokenService(secret, -10);
    const { token } = await tokens.issue(7, 3);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses another audience, another secret and another algorithm', async () => {
    const tokens = new TokenService(secret, 3600);
    const now = Math.floor(Date.now() / 1000);
    const base = () => new SignJWT({ tid: 3 }).setSubject('7').setJti('x').setIssuer('cassette').setIssuedAt(now).setExpirationTime(now + 60);
    const otherAudience = await base().setProtectedHeader({ alg: 'HS256' }).setAudience('someone-else').sign(secret);
    const otherSecret = await base().setProtectedHeader({ alg: 'HS256' }).setAudience('cassette-api').sign(new TextEncoder().encode('x'.repeat(40)));
    const otherAlgorithm = await base().setProtectedHeader({ alg: 'HS512' }).setAudience('cassette-api').sign(secret);
    expect(await tokens.verify(otherAudience)).toBeNull();
    expect(await tokens.verify(otherSecret)).toBeNull();
    expect(await tokens.verify(otherAlgorithm)).toBeNull();
    expect(await tokens.verify('not a token')).toBeNull();
  });
});
