import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { IceServer } from '@cassette/plugin-sdk';

export const TenantEntity = defineEntity({
  name: 'Tenant',
  tableName: 'core_tenants',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string(),
    tenantKey: p.string().unique(),
    optOut: p.boolean().default(false),
    /** Onboarding tasks plugins marked done, e.g. { integrations: true }. */
    onboarding: p.json<Record<string, boolean>>(),
    /** sha256 (hex) of the organization API key: how a presented key is looked up. */
    apiKeyHash: p.string().nullable(),
    /** The same key sealed with the kernel's secrets, so admins can read it again. */
    apiKeySealed: p.string().nullable(),
    /** STUN/TURN servers of assist calls (Account.iceServers), checked by readIceServers when set. */
    iceServers: p.json<IceServer[]>(),
    /** The client's loggerOptions as saved (read through resolveLoggerOptions). */
    loggerOptions: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Tenant = InferEntity<typeof TenantEntity>;
