import { readIceServers, type IceServer } from '@cassette/plugin-sdk';
import type { TenantsService } from '@cassette/plugin-sdk/server';
import type { DatabaseRuntime } from '../database/create-database.js';
import { TenantEntity } from '../entities/tenant.entity.js';

export class TenantsDirectory implements TenantsService {
  constructor(private readonly db: DatabaseRuntime) {}

  async iceServers(tenantId: number): Promise<IceServer[]> {
    const tenant = await this.db.em().findOne(TenantEntity, { id: tenantId });
    // Read again on the way out: what reaches a visitor's browser is only ever a checked list.
    return readIceServers(tenant?.iceServers ?? []).servers ?? [];
  }
}
