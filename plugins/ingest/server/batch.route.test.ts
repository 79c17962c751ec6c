import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreServices } from '@cassette/plugin-sdk/server';
import { ingestServices } from '../api.js';
import { batch, bootIngest, newSession, sendBatch, start, startBody, storedCounts, type IngestWorld } from '../testing/ingest-fixture.js';
import { issueSessionToken } from './session-token.js';

describe('POST /api/ingest/v1/batch', () => {
  let w: IngestWorld;
  beforeAll(async () => {
    w = await bootIngest({ settings: { maxDecompressedBytes: 2 * 1024 * 1024 } });
  });
  afterAll(async () => w?.t.close());

  /** Runs a request that must be refused and checks it stored nothing. */
  async function refused(run: () => Promise<{ status: number; body: any; headers: Record<string, unknown> }>, status: number, message?: RegExp) {
    const before = await storedCounts(w.t);
    const res = await run();
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(Array.isArray(res.body.errors) && res.body.errors.length > 0).toBe(true);
    if (message) expect(res.body.errors.join(' ')).toMatch(message);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(await storedCounts(w.t)).toEqual(before);
    return res;
  }

  it('stores a plain JSON batch with the token in the header, and a gzip one with the token in the query', async () => {
    const s = await newSession(w);
    const plain = await sendBatch(w.t, batch(s.sessionId, 0), { token: s.token });
    expect(plain.status).toBe(200);
    expect(plain.body.data).toEqual({ seq: 0, duplicate: false });
    expect(plain.headers['access-control-allow-origin']).toBe('*');
    expect(plain.headers['set-cookie']).toBeUndefined();
    const zipped = await sendBatch(w.t, batch(s.sessionId, 1), { token: s.token, via: 'query', gzip: true, contentType: 'text/plain' });
    expect(zipped.body.data).toEqual({ seq: 1, duplicate: false });

    const recordings = w.t.kernel.resolve(ingestServices.recordings);
    const listed = await recordings.listBatches(w.projectId, s.sessionId);
    expect(listed.map((b) => b.seq)).toEqual([0, 1]);
    const blobs = await w.t.kernel.resolve(coreServices.blobs).list(`ingest/${w.projectId}/${s.sessionId}/`);
    expect(blobs).toHaveLength(2);
    const read = await recordings.readBatch(w.projectId, s.sessionId, 1);
    expect(read?.events[0]).toMatchObject({ type: 'click', selector: 'button#buy' });
    expect(await recordings.readBatch(w.projectId + 999, s.sessionId, 1)).toBeNull();
  });

  it('moves timestamps onto the server clock by the offset learned at start', async () => {
    const skew = -3_600_000; // the browser clock is an hour behind
    const res = await start(w.t, startBody(w.projectKey, { timestamp: Date.now() + skew }));
    const s = res.body.data;
    const b = batch(s.sessionId, 0);
    const browserTs = Date.now() + skew;
    b.recording[0]!.timestamp = browserTs;
    b.events[0]!.ts = browserTs;
    expect((await sendBatch(w.t, b, { token: s.token })).status).toBe(200);
    const read = await w.t.kernel.resolve(ingestServices.recordings).readBatch(w.projectId, s.sessionId, 0);
    expect(Math.abs(read!.events[0]!.ts - Date.now())).toBeLessThan(5000);
    expect(Math.abs(read!.recording[0]!.timestamp - Date.now())).toBeLessThan(5000);
  });

  it('is idempotent by (session, seq): the same batch again is a duplicate, different content is a 409', async () => {
    const s = await newSession(w);
    const first = batch(s.sessionId, 0);
    expect((await sendBatch(w.t, first, { token: s.token })).body.data).toEqual({ seq: 0, duplicate: false });
    const before = await storedCounts(w.t);
    // Same content, other compression: still the same batch.
    const again = await sendBatch(w.t, first, { token: s.token, gzip: true });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ seq: 0, duplicate: true });
    expect(await storedCounts(w.t)).toEqual(before);
    await refused(() => sendBatch(w.t, { ...first, events: [] }, { token: s.token }), 409, /already stored with different content/);
    const read = await w.t.kernel.resolve(ingestServices.recordings).readBatch(w.projectId, s.sessionId, 0);
    expect(read?.events).toHaveLength(1);
  });

  it('refuses a batch numbered after the final one, which processing would never reach, but takes an earlier late one', async () => {
    const s = await newSession(w);
    expect((await sendBatch(w.t, batch(s.sessionId, 1, { final: true }), { token: s.token })).status).toBe(200);
    // Sent a moment after the final batch, before processing ended the session.
    await refused(() => sendBatch(w.t, batch(s.sessionId, 2), { token: s.token }), 401, /session has ended/);
    expect(await w.t.kernel.resolve(coreServices.blobs).list(`ingest/${w.projectId}/${s.sessionId}/`)).toHaveLength(1);
    // A batch before the final one still arrives (out of order on the wire) and is stored.
    expect((await sendBatch(w.t, batch(s.sessionId, 0), { token: s.token })).status).toBe(200);
  });

  it('keeps the first of two different bodies sent at once for one seq', async () => {
    const s = await newSession(w);
    const a = batch(s.sessionId, 0, { events: [{ type: 'custom', ts: Date.now(), name: 'a' }] });
    const b = batch(s.sessionId, 0, { events: [{ type: 'custom', ts: Date.now(), name: 'b' }] });
    const results = await Promise.all([sendBatch(w.t, a, { token: s.token }), sendBatch(w.t, b, { token: s.token })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const blobs = await w.t.kernel.resolve(coreServices.blobs).list(`ingest/${w.projectId}/${s.sessionId}/`);
    expect(blobs).toHaveLength(1);
  });

  it('refuses missing, forged, expired, other-session and other-project tokens with 401', async () => {
    const s = await newSession(w);
    const other = await newSession(w);
    const secrets = w.t.kernel.resolve(coreServices.secrets);
    const expired = issueSessionToken(secrets, { sessionId: s.sessionId, projectId: w.projectId, expiresAt: Date.now() - 1, clockOffsetMs: 0 });
    const otherProject = issueSessionToken(secrets, { sessionId: s.sessionId, projectId: w.projectId + 1000, expiresAt: Date.now() + 60_000, clockOffsetMs: 0 });
    const sealedJunk = secrets.encrypt(JSON.stringify({ sid: s.sessionId, pid: w.projectId, exp: Date.now() + 60_000 }));
    await refused(() => sendBatch(w.t, batch(s.sessionId, 0)), 401, /session token is required/);
    await refused(() => sendBatch(w.t, batch(s.sessionId, 0), { token: 'not-a-token' }), 401, /not valid/);
    await refused(() => sendBatch(w.t, batch(s.sessionId, 0), { token: `${s.token.slice(0, -4)}AAAA` }), 401, /not valid/);
    await refused(() => sendBatch(w.t, batch(s.sessionId, 0), { token: sealedJunk }), 401, /not valid/);
    await refused(() => sendBatch(w.t, batch(s.sessionId, 0), { token: expired }), 401, /expired/);
    await refused(() => sendBatch(w.t, batch(s.sessionId, 0), { token: other.token }), 401, /another session/);
    await refused(() => sendBatch(w.t, batch(s.sessionId, 0), { token: otherProject }), 401, /unknown here/);
  });

  it('refuses malformed, oversize, bomb and deeply nested bodies with a 4xx and a message', async () => {
    const s = await newSession(w);
    const opts = { token: s.token };
    await refused(() => sendBatch(w.t, '{"sessionId": ', opts), 400, /neither gzip data nor valid JSON/);
    await refused(() => sendBatch(w.t, Buffer.from([0x1f, 0x8b, 1, 2, 3, 4]), opts), 400, /not valid gzip/);
    await refused(() => sendBatch(w.t, gzipSync('{"a":'), opts), 400, /not valid JSON once decompressed/);
    await refused(() => sendBatch(w.t, '', opts), 400, /empty/);
    await refused(() => sendBatch(w.t, '[1,2]', opts), 400, /must be a JSON object/);
    // Over the compressed cap: Fastify stops reading at 1 MiB.
    await refused(() => sendBatch(w.t, Buffer.alloc(1024 * 1024 + 10, 0x20), opts), 413);
    // 2 MiB of zeros gzip to 2 KiB: refused once the decompressed size passes the cap.
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await refused(() => sendBatch(w.t, bomb, opts), 413, /decompressed/);
    const deep = `{"sessionId":"${s.sessionId}","seq":0,"sentAt":1,"pageNo":0,"events":[],"recording":[{"type":5,"timestamp":1,"data":{"x":${'['.repeat(600)}${']'.repeat(600)}}}]}`;
    await refused(() => sendBatch(w.t, deep, opts), 400, /nested too deeply/);
    await refused(() => sendBatch(w.t, `[${'['.repeat(100_000)}`, opts), 400, /nested too deeply/);
  });

  it('refuses batches outside the protocol with 400 naming the field', async () => {
    const s = await newSession(w);
    const opts = { token: s.token };
    await refused(() => sendBatch(w.t, { ...batch(s.sessionId, 0), seq: -1 }, opts), 400, /seq/);
    await refused(() => sendBatch(w.t, { ...batch(s.sessionId, 0), seq: 1_000_001 }, opts), 400, /seq/);
    await refused(() => sendBatch(w.t, { ...batch(s.sessionId, 0), seq: 1.5 }, opts), 400, /seq/);
    await refused(() => sendBatch(w.t, { ...batch(s.sessionId, 0), sessionId: 'abc' }, opts), 400, /sessionId/);
    await refused(() => sendBatch(w.t, batch(s.sessionId, 0, { events: [{ type: 'click', ts: 1 } as never] }), opts), 400, /events\[0\]/);
    await refused(() => sendBatch(w.t, batch(s.sessionId, 0, { events: [{ type: 'click', ts: 1, selector: 'a', label: '', tag: 'x'.repeat(65) }] }), opts), 400, /events\[0\]\.tag/);
    await refused(() => sendBatch(w.t, batch(s.sessionId, 0, { events: [{ type: 'teleport', ts: 1 } as never] }), opts), 400, /unknown event type "teleport"/);
    await refused(() => sendBatch(w.t, batch(s.sessionId, 0, { recording: [{ type: 2, timestamp: 1, data: 'x' }] }), opts), 400, /recording\[0\]/);
    await refused(() => sendBatch(w.t, batch(s.sessionId, 0, { events: [{ type: 'console', ts: 1, level: 'shout', value: 'x' } as never] }), opts), 400, /events\[0\]/);
    await refused(() => sendBatch(w.t, '{"sessionId":"1","seq":1e999}', opts), 400);
  });

  it('replaces NUL characters in semantic events (text columns cannot hold them)', async () => {
    const s = await newSession(w);
    const res = await sendBatch(w.t, batch(s.sessionId, 0, { events: [{ type: 'console', ts: Date.now(), level: 'log', value: 'a\u0000b' }] }), { token: s.token });
    expect(res.status).toBe(200);
    const read = await w.t.kernel.resolve(ingestServices.recordings).readBatch(w.projectId, s.sessionId, 0);
    expect(read?.events[0]).toMatchObject({ value: 'a\ufffdb' });
  });

  it('stores the recording sanitized', async () => {
    const s = await newSession(w);
    const ts = Date.now();
    const snapshot = {
      type: 2,
      timestamp: ts,
      data: {
        node: {
          type: 0,
          id: 1,
          childNodes: [
            {
              type: 2,
              id: 2,
              tagName: 'html',
              attributes: {},
              childNodes: [
                { type: 2, id: 3, tagName: 'script', attributes: {}, childNodes: [{ type: 3, id: 4, textContent: 'steal()' }] },
                { type: 2, id: 5, tagName: 'a', attributes: { href: 'javascript:steal()', onclick: 'steal()', class: 'link' }, childNodes: [] },
              ],
            },
          ],
        },
      },
    };
    expect((await sendBatch(w.t, batch(s.sessionId, 0, { recording: [snapshot] }), { token: s.token })).status).toBe(200);
    const read = await w.t.kernel.resolve(ingestServices.recordings).readBatch(w.projectId, s.sessionId, 0);
    const text = JSON.stringify(read?.recording);
    expect(text).not.toMatch(/steal|script/);
    expect(text).toContain('"class":"link"');
  });
});

describe('batch limits', () => {
  let w: IngestWorld;
  beforeAll(async () => {
    w = await bootIngest({ settings: { sessionBurst: 2, sessionBatchesPerSecond: 0.01, maxBacklog: 1, gapSkipSeconds: 3600 } });
  });
  afterAll(async () => w?.t.close());

  it('answers 429 with Retry-After when one session sends too fast', async () => {
    const s = await newSession(w);
    expect((await sendBatch(w.t, batch(s.sessionId, 0), { token: s.token })).status).toBe(200);
    // Seq 1 is never sent: seq 2 waits for it (the backlog is now 1 unprocessed batch).
    expect((await sendBatch(w.t, batch(s.sessionId, 2), { token: s.token })).status).toBe(200);
    const before = await storedCounts(w.t);
    const res = await sendBatch(w.t, batch(s.sessionId, 3), { token: s.token });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(1);
    expect(res.headers['access-control-expose-headers']).toBe('Retry-After');
    expect(await storedCounts(w.t)).toEqual(before);
  });

  it('answers 503 with Retry-After while the unprocessed backlog is over its cap', async () => {
    const s = await newSession(w);
    await new Promise((r) => setTimeout(r, 2100)); // the backlog count is cached for 2 s
    const before = await storedCounts(w.t);
    const res = await sendBatch(w.t, batch(s.sessionId, 0), { token: s.token });
    expect(res.status).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedCounts(w.t)).toEqual(before);
  });

});

describe('events per batch and per session', () => {
  let w: IngestWorld;
  beforeAll(async () => {
    w = await bootIngest({ settings: { maxBatchEvents: 100, sessionEventsPerMinute: 300, sessionBurst: 100, gapSkipSeconds: 3600 } });
  });
  afterAll(async () => w?.t.close());

  /** A batch of `n` events: one recording event and n - 1 clicks. */
  const eventsBatch = (sessionId: string, seq: number, n: number) =>
    batch(sessionId, seq, { events: Array.from({ length: n - 1 }, (_, i) => ({ type: 'click' as const, ts: Date.now() + i, selector: `#b${i}`, label: 'B' })) });

  it('refuses a batch over maxBatchEvents with 413 before validating its events, and tells the tracker the limit at start', async () => {
    const s = await newSession(w);
    const before = await storedCounts(w.t);
    const over = eventsBatch(s.sessionId, 0, 101);
    const res = await sendBatch(w.t, over, { token: s.token, gzip: true });
    expect(res.status).toBe(413);
    expect(res.body.errors).toEqual(['The batch holds 101 events (recording and semantic events together); at most 100 are accepted in one batch: send smaller batches.']);
    // Counted before the events are checked one by one: junk events change nothing.
    const junk = { ...over, events: [...over.events.slice(1), { type: 'teleport' }] };
    expect((await sendBatch(w.t, junk as never, { token: s.token })).status).toBe(413);
    expect(await storedCounts(w.t)).toEqual(before);
    expect((await sendBatch(w.t, eventsBatch(s.sessionId, 0, 100), { token: s.token })).status).toBe(200);
    const started = await start(w.t, startBody(w.projectKey));
    expect(started.body.data.config.maxBatchEvents).toBe(100);
  });

  it('answers 429 with Retry-After once a session is past its events a minute, before reading the body, and does not charge resent batches', async () => {
    const s = await newSession(w);
    const opts = { token: s.token };
    const first = eventsBatch(s.sessionId, 0, 100);
    expect((await sendBatch(w.t, first, opts)).body.data).toEqual({ seq: 0, duplicate: false });
    for (let i = 0; i < 3; i++) expect((await sendBatch(w.t, first, opts)).body.data).toEqual({ seq: 0, duplicate: true });
    // 300 a minute: the resends cost nothing, so two more batches fit, and a third while the session is not in debt.
    for (const seq of [1, 2, 3]) expect((await sendBatch(w.t, eventsBatch(s.sessionId, seq, 100), opts)).status).toBe(200);
    const before = await storedCounts(w.t);
    const res = await sendBatch(w.t, eventsBatch(s.sessionId, 4, 100), opts);
    expect(res.status).toBe(429);
    expect(res.body.errors).toEqual(['This session sent more than its 300 events a minute (recording and events together): wait and retry.']);
    // About 100 events of debt at 5 a second.
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(10);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(20);
    // Refused before the body is read: a malformed one gets the same answer, not a 400.
    expect((await sendBatch(w.t, '{"sessionId": ', opts)).status).toBe(429);
    expect(await storedCounts(w.t)).toEqual(before);
    // Another session of the same visitor is not held back.
    const other = await newSession(w);
    expect((await sendBatch(w.t, eventsBatch(other.sessionId, 0, 100), { token: other.token })).status).toBe(200);
  });
});

describe('batches in flight', () => {
  let w: IngestWorld;
  beforeAll(async () => {
    w = await bootIngest({ settings: { maxInFlightBatches: 1 } });
  });
  afterAll(async () => w?.t.close());

  it('answers 503 with Retry-After when the recording storage fails, and stores the batch once storage is back', async () => {
    const s = await newSession(w);
    const blobRoot = join(w.t.kernel.config.dataDir, 'blobs', 'ingest');
    const saved = `${blobRoot}.moved`;
    await rename(blobRoot, saved).catch(() => undefined);
    // A file where the directory should be: even root cannot write beneath it.
    await mkdir(dirname(blobRoot), { recursive: true });
    await writeFile(blobRoot, 'not a directory');
    try {
      const before = await storedCounts(w.t);
      const res = await sendBatch(w.t, batch(s.sessionId, 0), { token: s.token });
      expect(res.status).toBe(503);
      expect(res.body.errors[0]).toBe('Recordings cannot be stored right now. Retry later.');
      expect(res.headers['retry-after']).toBe('10');
      expect(await storedCounts(w.t)).toEqual(before);
    } finally {
      await rm(blobRoot, { force: true });
      await rename(saved, blobRoot).catch(() => undefined);
    }
    const again = await sendBatch(w.t, batch(s.sessionId, 0), { token: s.token });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ seq: 0, duplicate: false });
  });

  it('answers 503 with Retry-After when too many batches are being stored at once', async () => {
    const a = await newSession(w);
    const b = await newSession(w);
    const [ra, rb] = await Promise.all([sendBatch(w.t, batch(a.sessionId, 0), { token: a.token }), sendBatch(w.t, batch(b.sessionId, 0), { token: b.token })]);
    const statuses = [ra.status, rb.status];
    expect(statuses).toContain(503);
    const busy = ra.status === 503 ? ra : rb;
    expect(busy.body.errors[0]).toMatch(/busy/);
    expect(busy.headers['retry-after']).toBeDefined();
  });
});
