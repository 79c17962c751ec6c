import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batch, bootIngest, newSession, sendBatch, storedCounts, type IngestWorld } from '../testing/ingest-fixture.js';

/** Property-based bad input against the batch endpoint, with a valid session token so the body is what is judged. */
describe('POST /api/ingest/v1/batch with arbitrary bodies', () => {
  let w: IngestWorld;
  let session: { sessionId: string; token: string };
  beforeAll(async () => {
    w = await bootIngest({ settings: { sessionBurst: 100_000, sessionBatchesPerSecond: 100_000 } });
    session = await newSession(w);
  });
  afterAll(async () => w?.t.close());

  async function expectRefused(body: Buffer | string) {
    const before = await storedCounts(w.t);
    const res = await sendBatch(w.t, body, { token: session.token });
    if (res.status < 400 || res.status >= 500) throw new Error(`expected a 4xx, got ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    if (!Array.isArray(res.body?.errors) || typeof res.body.errors[0] !== 'string') throw new Error(`no readable errors: ${JSON.stringify(res.body).slice(0, 200)}`);
    expect(await storedCounts(w.t)).toEqual(before);
  }

  it('random bytes are refused', async () => {
    await fc.assert(fc.asyncProperty(fc.uint8Array({ maxLength: 2000 }), async (bytes) => expectRefused(Buffer.from(bytes))), { numRuns: 60, seed: 7 });
  });

  it('random JSON is refused', async () => {
    await fc.assert(fc.asyncProperty(fc.jsonValue({ maxDepth: 6 }), async (value) => expectRefused(JSON.stringify(value) ?? 'null')), { numRuns: 60, seed: 8 });
  });

  it('random gzip data (random bytes or random JSON inside) is refused', async () => {
    const inner = fc.oneof(fc.uint8Array({ maxLength: 2000 }).map((b) => Buffer.from(b)), fc.jsonValue({ maxDepth: 6 }).map((v) => Buffer.from(JSON.stringify(v) ?? 'null')));
    await fc.assert(
      fc.asyncProperty(inner, fc.boolean(), async (content, truncate) => {
        const zipped = gzipSync(content);
        await expectRefused(truncate ? zipped.subarray(0, Math.max(2, zipped.length - 5)) : zipped);
      }),
      { numRuns: 60, seed: 9 },
    );
  });

  it('a valid batch with one field replaced by junk never causes a server error, and a refused one stores nothing', async () => {
    const base = batch(session.sessionId, 0) as unknown as Record<string, unknown>;
    const keys = [...Object.keys(base), 'final'];
    let seq = 100;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...keys), fc.oneof(fc.anything({ maxDepth: 3 }), fc.jsonValue({ maxDepth: 3 })), async (key, junk) => {
        const body = { ...base, seq: seq++, [key]: junk };
        const before = await storedCounts(w.t);
        const res = await sendBatch(w.t, JSON.stringify(body) ?? 'null', { token: session.token });
        if (res.status >= 500) throw new Error(`server error for ${key}=${JSON.stringify(junk)}`);
        if (res.status >= 400) expect(await storedCounts(w.t)).toEqual(before);
      }),
      { numRuns: 80, seed: 10 },
    );
  });
});
