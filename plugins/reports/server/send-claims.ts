import { sql, type SqlRunner } from '@cassette/plugin-sdk/server';

/** How long a process may hold a tenant's week before another may take it over (it crashed mid-way). */
export const CLAIM_MS = 30 * 60_000;

/**
 * Claims the sending of a tenant's week: true for the first process, false for any other, and
 * false once it was sent — unless the claim is older than CLAIM_MS and unfinished.
 */
export async function claimWeek(run: SqlRunner, tenantId: number, week: string, now: number): Promise<boolean> {
  const rows = await run<{ tenant_id: number }>(sql`
    insert into reports_weekly_sends (tenant_id, week, claimed_until) values (${tenantId}, ${week}, ${new Date(now + CLAIM_MS)})
    on conflict (tenant_id, week) do update set claimed_until = excluded.claimed_until
      where reports_weekly_sends.sent_at is null and reports_weekly_sends.claimed_until < ${new Date(now)}
    returning tenant_id`);
  return rows.length > 0;
}

export async function completeWeek(run: SqlRunner, tenantId: number, week: string, recipients: number, now: number): Promise<void> {
  await run(sql`update reports_weekly_sends set sent_at = ${new Date(now)}, recipients = ${recipients} where tenant_id = ${tenantId} and week = ${week}`);
}

/** Lets a failed send be taken up by the next hourly run rather than after the claim expires. */
export async function releaseWeek(run: SqlRunner, tenantId: number, week: string): Promise<void> {
  await run(sql`update reports_weekly_sends set claimed_until = to_timestamp(0) where tenant_id = ${tenantId} and week = ${week} and sent_at is null`);
}

export async function mailedMembers(run: SqlRunner, tenantId: number, week: string): Promise<Set<number>> {
  const rows = await run<{ user_id: number }>(sql`select user_id from reports_weekly_deliveries where tenant_id = ${tenantId} and week = ${week}`);
  return new Set(rows.map((r) => Number(r.user_id)));
}

export async function recordMailed(run: SqlRunner, tenantId: number, week: string, userId: number): Promise<void> {
  await run(sql`insert into reports_weekly_deliveries (tenant_id, week, user_id) values (${tenantId}, ${week}, ${userId}) on conflict do nothing`);
}
