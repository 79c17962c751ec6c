import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { OneTimeTokenEntity, type OneTimeToken } from '../entities/one-time-token.entity.js';

export type OneTimeTokenKind = 'reset' | 'invitation';

export const TOKEN_TTL_MS: Record<OneTimeTokenKind, number> = {
  reset: 60 * 60_000,
  invitation: 7 * 24 * 60 * 60_000,
};

const hashToken = (raw: string) => createHash('sha256').update(raw).digest('hex');

/** Issues a new token and retires the user's earlier ones of the same kind. */
export async function issueOneTimeToken(em: EntityManager, userId: number, kind: OneTimeTokenKind, now = new Date()): Promise<string> {
  const raw = randomBytes(32).toString('base64url');
  await em.nativeUpdate(OneTimeTokenEntity, { userId, kind, usedAt: null }, { usedAt: now });
  em.create(OneTimeTokenEntity, { userId, kind, tokenHash: hashToken(raw), expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[kind]), createdAt: now });
  await em.flush();
  return raw;
}

/** The live (unused, unexpired) token row for a raw token, or null. */
export async function findLiveToken(em: EntityManager, raw: string): Promise<OneTimeToken | null> {
  if (!raw || raw.length > 200) return null;
  return em.findOne(OneTimeTokenEntity, { tokenHash: hashToken(raw), usedAt: null, expiresAt: { $gt: new Date() } });
}

/** Marks the token used; false when someone else used it first (single use under races). */
export async function consumeToken(em: EntityManager, token: OneTimeToken): Promise<boolean> {
  const changed = await em.nativeUpdate(OneTimeTokenEntity, { id: token.id, usedAt: null }, { usedAt: new Date() });
  return changed === 1;
}

/** Whether the user's latest invitation has expired without being used. */
export async function invitationExpired(em: EntityManager, userId: number): Promise<boolean> {
  const latest = await em.findOne(OneTimeTokenEntity, { userId, kind: 'invitation' }, { orderBy: { id: 'desc' } });
  return !!latest && !latest.usedAt && latest.expiresAt.getTime() <= Date.now();
}
