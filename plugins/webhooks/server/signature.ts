import { createHmac, randomBytes } from 'node:crypto';

/** A new per-webhook signing secret: 32 random bytes, prefixed so it is recognisable in a receiver's config. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * `X-Cassette-Signature`: `sha256=` and the hex HMAC-SHA256 of `${timestamp}.${body}` keyed by the
 * webhook's signing secret. The timestamp (`X-Cassette-Timestamp`, seconds) is signed too, so a
 * receiver that refuses old timestamps also refuses replays.
 */
export function signatureOf(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}
