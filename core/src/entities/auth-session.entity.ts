import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One row per issued login token; logout deletes it, so the token stops working at once. */
export const AuthSessionEntity = defineEntity({
  name: 'AuthSession',
  tableName: 'core_auth_sessions',
  properties: {
    id: p.string().primary(),
    userId: p.integer().index(),
    expiresAt: p.datetime(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type AuthSession = InferEntity<typeof AuthSessionEntity>;
