// The plugin's one table: every read and write is scoped to a tenant, so one organization never reaches another's rows.
import { sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import { WEBHOOKS_PER_TENANT, type WebhookType } from '../shared/webhook.js';

export interface WebhookRow {
  webhook_id: number;
  tenant_id: number;
  type: WebhookType;
  name: string;
  endpoint_sealed: string;
  auth_header_sealed: string | null;
  signing_secret_sealed: string | null;
  created_at: Date | string;
}

export interface NewWebhook {
  tenantId: number;
  type: WebhookType;
  name: string;
  endpointSealed: string;
  authHeaderSealed: string | null;
  signingSecretSealed: string | null;
}

export async function listWebhooks(run: SqlRunner, tenantId: number, type?: WebhookType): Promise<WebhookRow[]> {
  const ofType = type ? sql` and type = ${type}` : sql``;
  return run<WebhookRow>(sql`select * from webhooks_webhooks where tenant_id = ${tenantId}${ofType} order by webhook_id`);
}

export async function findWebhook(run: SqlRunner, tenantId: number, webhookId: number): Promise<WebhookRow | null> {
  const [row] = await run<WebhookRow>(sql`select * from webhooks_webhooks where tenant_id = ${tenantId} and webhook_id = ${webhookId}`);
  return row ?? null;
}

/** Inserts unless the tenant already keeps the most webhooks it may (one statement: two admins cannot both slip past); null then. */
export async function insertWebhook(run: SqlRunner, w: NewWebhook): Promise<WebhookRow | null> {
  const [row] = await run<WebhookRow>(
    sql`insert into webhooks_webhooks (tenant_id, type, name, endpoint_sealed, auth_header_sealed, signing_secret_sealed)
      select ${w.tenantId}, ${w.type}, ${w.name}, ${w.endpointSealed}, ${w.authHeaderSealed}, ${w.signingSecretSealed}
      where (select count(*) from webhooks_webhooks where tenant_id = ${w.tenantId}) < ${WEBHOOKS_PER_TENANT}
      returning *`,
  );
  return row ?? null;
}

export interface WebhookChange {
  name: string;
  endpointSealed: string;
  /** undefined keeps the stored header; null removes it. */
  authHeaderSealed?: string | null;
}

/** Changes a webhook of the given type; null when the tenant has no such webhook. */
export async function updateWebhook(run: SqlRunner, tenantId: number, webhookId: number, type: WebhookType, change: WebhookChange): Promise<WebhookRow | null> {
  const header = change.authHeaderSealed === undefined ? sql`` : sql`, auth_header_sealed = ${change.authHeaderSealed}`;
  const [row] = await run<WebhookRow>(
    sql`update webhooks_webhooks set name = ${change.name}, endpoint_sealed = ${change.endpointSealed}, updated_at = now()${header}
      where tenant_id = ${tenantId} and webhook_id = ${webhookId} and type = ${type}
      returning *`,
  );
  return row ?? null;
}

export async function deleteWebhook(run: SqlRunner, tenantId: number, webhookId: number, type: WebhookType): Promise<boolean> {
  const rows = await run<{ webhook_id: number }>(sql`delete from webhooks_webhooks where tenant_id = ${tenantId} and webhook_id = ${webhookId} and type = ${type} returning webhook_id`);
  return rows.length > 0;
}
