import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, trusted } from '@cassette/plugin-sdk/server';
import { createSessionsTestKernel, type SessionsTestKernel } from '../testing/ingest-stand-in.js';
import { sessionsMigrations } from './migrations.js';

describe('sessions migrations', () => {
  let t: SessionsTestKernel;
  beforeAll(async () => {
    t = await createSessionsTestKernel();
  });
  afterAll(async () => t?.close());

  it('0017 fills the sample columns of samples recorded before them from their payload, and nothing else', async () => {
    const { projectId } = await t.createTenant();
    const at = new Date(Date.UTC(2026, 10, 20, 10));
    const insert = (idx: number, type: string, payload: unknown) =>
      t.ctx.sql(sql`insert into sessions_events (project_id, session_id, seq, idx, ts, type, payload) values (${projectId}, ${'old-session'}, 0, ${idx}, ${at}, ${type}, ${JSON.stringify(payload)}::jsonb)`);
    await insert(0, 'PERFORMANCE', { cpu: 41.5, fps: 58, memoryUsed: 70_822_839, memoryTotal: 4_294_967_296 });
    await insert(1, 'PERFORMANCE', { cpu: 'high' });
    await insert(2, 'CUSTOM', { cpu: 99 });

    const migration = sessionsMigrations.find((m) => m.id === '0017_performance_sample_columns')!;
    const backfill = migration.up.find((statement) => statement.trim().startsWith('update'))!;
    await t.ctx.sql(sql`${trusted(backfill)}`);

    const rows = await t.ctx.sql<{ idx: number; cpu: number | null; fps: number | null; memory_used: number | null }>(
      sql`select idx, cpu, fps, memory_used from sessions_events where session_id = ${'old-session'} order by idx`,
    );
    expect(rows.map((r) => [r.idx, r.cpu, r.fps, r.memory_used])).toEqual([
      [0, 41.5, 58, 70_822_839],
      [1, null, null, null],
      [2, null, null, null],
    ]);
  });
});
