import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { coreServices, definePlugin, defineRoute, sql } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '../testing/test-kernel.js';

// What a visitor or member sends, easy to spot in the log.
const SENT = 'SENT-BY-THE-CLIENT-'.repeat(700);

/** A route whose statement fails in the database with the request's text inlined in it. */
const probe = definePlugin({
  id: 'probe',
  register(r) {
    r.route(
      defineRoute({
        method: 'POST',
        url: '/probe/store',
        access: { auth: 'public' },
        schema: { body: Type.Object({ text: Type.String() }) },
        handler: async ({ body, sql: run }) => {
          await run(sql`insert into no_such_table (text) values (${body.text})`);
          return {};
        },
      }),
    );
  },
});

let t: TestKernel;
beforeAll(async () => {
  t = await createTestKernel({ plugins: [probe] });
});
afterAll(async () => t?.close());

describe('an unhandled error in a route', () => {
  it('is logged with the statement shape, not the request, and once for a burst of the same failure', async () => {
    const before = t.log.lines.length;
    for (let i = 0; i < 20; i++) {
      const res = await t.request('POST', '/api/probe/store', { body: { text: SENT } });
      expect(res.status).toBe(500);
      expect(JSON.stringify(res.body)).not.toContain('SENT-BY-THE-CLIENT');
    }
    const lines = t.log.lines.slice(before).filter((l) => l.msg === 'unhandled error');
    expect(lines).toHaveLength(1);
    const written = JSON.stringify(t.log.lines.slice(before));
    expect(written).not.toContain('SENT-BY-THE-CLIENT');
    // PGlite's error carries the statement (logged with its values redacted); PostgreSQL's names
    // the missing relation only. Either way the statement never appears with its data.
    if (t.kernel.resolve(coreServices.database).driver === 'pglite') expect(written).toContain('insert into no_such_table (text) values (?)');
    else expect(written).toContain('relation \\"no_such_table\\" does not exist');
    expect(written.length).toBeLessThan(8 * 1024);
  });
});
