import { sql, type SqlRunner } from '@cassette/plugin-sdk/server';
import { DEFAULT_CAPTURE_RATE, type CaptureRate } from '../shared/capture-rate.js';

/** The account's capture rate; the default until an admin saved one. */
export async function readCaptureRate(run: SqlRunner, tenantId: number): Promise<CaptureRate> {
  const [row] = await run<{ rate: number; capture_all: boolean }>(sql`select rate, capture_all from ingest_capture_rates where tenant_id = ${tenantId}`);
  return row ? { rate: Number(row.rate), captureAll: row.capture_all } : { ...DEFAULT_CAPTURE_RATE };
}

/** Saves the fields given over what is stored (or the default) and answers the result. */
export async function writeCaptureRate(run: SqlRunner, tenantId: number, change: Partial<CaptureRate>): Promise<CaptureRate> {
  const next = { ...(await readCaptureRate(run, tenantId)), ...change };
  await run(sql`insert into ingest_capture_rates (tenant_id, rate, capture_all, updated_at) values (${tenantId}, ${next.rate}, ${next.captureAll}, now())
    on conflict (tenant_id) do update set rate = excluded.rate, capture_all = excluded.capture_all, updated_at = now()`);
  return next;
}
