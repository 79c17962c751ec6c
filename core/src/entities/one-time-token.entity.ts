import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Password-reset and invitation tokens: stored as SHA-256 hashes, single use, expiring. */
export const OneTimeTokenEntity = defineEntity({
  name: 'OneTimeToken',
  tableName: 'core_one_time_tokens',
  properties: {
    id: p.integer().primary().autoincrement(),
    userId: p.integer().index(),
    kind: p.string(),
    tokenHash: p.string().unique(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type OneTimeToken = InferEntity<typeof OneTimeTokenEntity>;
