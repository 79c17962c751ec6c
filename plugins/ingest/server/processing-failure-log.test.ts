import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices, definePlugin, sql } from '@cassette/plugin-sdk/server';
import { ingestExtensionPoints, type IngestProcessor } from '../api.js';
import { batch, bootIngest, newSession, sendBatch, waitFor, type IngestWorld } from '../testing/ingest-fixture.js';

// A recorded value as large as the reviewed request (13.7 KB) and easy to spot in the log.
const RECORDED = 'RECORDED-RESPONSE-BODY-'.repeat(600);

/** A processor whose statement fails in the database with the batch's data inlined in it. */
const storesIntoMissingTable: IngestProcessor = {
  id: 'storesIntoMissingTable',
  batch: async (_session, b, ctx) => {
    await ctx.sql(sql`insert into no_such_table (body) values (${JSON.stringify(b.events)})`);
  },
};

describe('a processing failure in the server log', () => {
  let w: IngestWorld;
  beforeAll(async () => {
    w = await bootIngest({ plugins: [definePlugin({ id: 'failingProcessor', register: (r) => r.extend(ingestExtensionPoints.processors, storesIntoMissingTable) })] });
  });
  afterAll(async () => w?.t.close());

  it('says which statement failed without the recorded data, in a few KB however often it is retried', async () => {
    const s = await newSession(w);
    const linesBefore = w.t.log.lines.length;
    const events = [{ type: 'console', ts: Date.now(), level: 'log', value: RECORDED }];
    const sent = await sendBatch(w.t, batch(s.sessionId, 0, { events } as never), { token: s.token });
    expect(sent.status).toBe(200);
    const failures = async () =>
      Number((await w.t.kernel.resolve(coreServices.database).sql<{ failures: number }>(sql`select failures from ingest_sessions where id = ${s.sessionId}`))[0]?.failures ?? 0);
    await waitFor(async () => (await failures()) >= 2, 'the batch to fail twice', 15_000);
    const written = JSON.stringify(w.t.log.lines.slice(linesBefore));
    expect(written).not.toContain('RECORDED-RESPONSE-BODY');
    expect(written.length).toBeLessThan(16 * 1024);
    // PGlite's error carries the statement (logged with its values redacted); PostgreSQL's names
    // the missing relation only. Either way the statement never appears with its data.
    if (w.t.kernel.resolve(coreServices.database).driver === 'pglite') expect(written).toContain('insert into no_such_table (body) values (?)');
    else expect(written).toContain('relation \\"no_such_table\\" does not exist');
  });
});
