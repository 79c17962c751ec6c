import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

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
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Tenant = InferEntity<typeof TenantEntity>;
