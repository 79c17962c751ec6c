// `npx vitest bench --run tests/bench/ingest/batch-throughput.bench.ts`: how fast one process stores batches.
import { gzipSync } from 'node:zlib';
import { afterAll, bench, describe } from 'vitest';
import type { RecordingEvent } from '@cassette/tracker/protocol';
import { batch, bootIngest, newSession } from '../../../plugins/ingest/testing/ingest-fixture.js';

const w = await bootIngest({ settings: { sessionBurst: 100_000, sessionBatchesPerSecond: 100_000, maxBacklog: 100_000_000 } });
afterAll(async () => w.t.close());

/** A realistic batch: ~300 rrweb mutations and mouse moves plus a few dozen semantic events (~150 KB of JSON). */
function realisticBatch(sessionId: string, seq: number): Buffer {
  const ts = Date.now();
  const recording: RecordingEvent[] = [];
  for (let i = 0; i < 300; i++) {
    recording.push({
      type: 3,
      timestamp: ts + i,
      data: { source: 0, texts: [{ id: i, value: `Item ${i} in the cart` }], attributes: [{ id: i + 1, attributes: { class: `row row-${i % 7}` } }], removes: [], adds: [{ parentId: 1, nextId: null, node: { type: 2, id: 10_000 + i, tagName: 'li', attributes: { class: 'item', 'data-id': String(i) }, childNodes: [] } }] },
    });
    recording.push({ type: 3, timestamp: ts + i, data: { source: 1, positions: [{ x: i, y: i * 2, id: 5, timeOffset: -10 }] } });
  }
  const events = Array.from({ length: 40 }, (_, i) => ({ type: 'click' as const, ts: ts + i, selector: `ul > li:nth-child(${i})`, label: `Item ${i}` }));
  return gzipSync(JSON.stringify(batch(sessionId, seq, { recording, events })));
}

const sessions = await Promise.all(Array.from({ length: 4 }, () => newSession(w)));
const seqs = sessions.map(() => 0);

describe('batch ingest', () => {
  bench(
    'store one gzip batch (≈150 KB JSON) end to end, 4 sessions in parallel',
    async () => {
      await Promise.all(
        sessions.map(async (s, i) => {
          const payload = realisticBatch(s.sessionId, seqs[i]!++);
          const res = await w.t.kernel.app.inject({ method: 'POST', url: '/api/ingest/v1/batch', payload, headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/octet-stream' } });
          if (res.statusCode !== 200) throw new Error(`batch refused: ${res.statusCode} ${res.body}`);
        }),
      );
    },
    { time: 5000 },
  );
});
