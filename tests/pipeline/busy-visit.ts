import type { BatchRequest, RecordingEvent, TrackerEvent } from '@cassette/tracker/protocol';

/** Batches of a busy visit last this long each (the tracker's default flush is 10 s; a busy one seals sooner). */
export const BUSY_BATCH_MS = 20_000;

/**
 * Batch `seq` of a busy visit on a shop, as the tracker records it: both kinds of events, each in
 * time order, from `t0 + seq * BUSY_BATCH_MS` on (tracker clock). About 700 events per batch, with
 * something for every processor: mouse moves, mutations, a scroll hunt up and down, a rage burst,
 * a dead click, typing, requests (a failing one, a slow one), console lines, repeated and handled
 * exceptions, an identified user and metadata, CPU and memory samples, a failed resource, a
 * custom issue, and a new page in the second batch.
 */
export function busyVisitBatch(sessionId: string, seq: number, t0: number, final = false): BatchRequest {
  const start = t0 + seq * BUSY_BATCH_MS;
  const recording: RecordingEvent[] = [];
  const events: TrackerEvent[] = [];
  const at = (ms: number) => start + ms;
  if (seq === 0) {
    recording.push({ type: 4, timestamp: at(0), data: { href: 'https://shop.example.test/products', width: 1280, height: 720 } });
    recording.push({ type: 2, timestamp: at(0), data: { node: { type: 0, id: 1, childNodes: [] }, initialOffset: { top: 0, left: 0 } } });
    events.push({ type: 'page', ts: at(0), url: 'https://shop.example.test/products', referrer: 'https://search.example.test/', title: 'Products' });
    events.push({ type: 'page_timing', ts: at(1_500), url: 'https://shop.example.test/products', timings: { ttfb: 120, domContentLoaded: 900, load: 6_200, firstContentfulPaint: 700, largestContentfulPaint: 2_600 } });
    events.push({ type: 'user_id', ts: at(11_000), userId: 'ada@example.test' });
    events.push({ type: 'metadata', ts: at(11_500), key: 'plan', value: 'pro' });
  }
  if (seq === 1) {
    events.push({ type: 'page', ts: at(500), url: 'https://shop.example.test/checkout', referrer: 'https://shop.example.test/products', title: 'Checkout' });
    events.push({ type: 'page_timing', ts: at(1_200), url: 'https://shop.example.test/checkout', timings: { ttfb: 80, load: 1_400 } });
  }
  for (let ms = 0; ms < BUSY_BATCH_MS; ms += 50) recording.push({ type: 3, timestamp: at(ms), data: { source: 1, positions: [{ x: (ms / 7) % 1280, y: (ms / 11) % 720, id: 4, timeOffset: 0 }] } });
  // The page changes for the first 8 s of each batch, then sits still (so a click there gets no answer).
  for (let ms = 0; ms < 8_000; ms += 100) recording.push({ type: 3, timestamp: at(ms + 1), data: { source: 0, texts: [{ id: 9, value: `tick ${seq}-${ms}` }], attributes: [], removes: [], adds: [] } });
  // Hunting up and down the list: a change of direction every 600 ms.
  for (let ms = 2_000, y = 0; ms < 6_000; ms += 150) {
    y += Math.floor((ms - 2_000) / 600) % 2 === 0 ? 300 : -300;
    recording.push({ type: 3, timestamp: at(ms + 2), data: { source: 3, id: 1, x: 0, y: Math.max(0, y) } });
  }
  events.push({ type: 'click', ts: at(1_000), selector: 'button#add', label: 'Add to cart', tag: 'button' });
  for (let i = 0; i < 4; i++) events.push({ type: 'click', ts: at(3_000 + i * 100), selector: 'button#buy', label: 'Buy now', tag: 'button' });
  events.push({ type: 'click', ts: at(10_000), selector: 'div.banner', label: 'Free shipping', tag: 'div' });
  events.push({ type: 'input', ts: at(12_000), selector: 'input#q', label: 'Search', value: 'walnut', mode: 'plain' });
  recording.push({ type: 3, timestamp: at(12_000), data: { source: 5, id: 12, text: 'walnut', isChecked: false } });
  for (let ms = 0; ms < BUSY_BATCH_MS; ms += 500) {
    const status = ms === 7_000 ? 500 : 200;
    events.push({ type: 'request', ts: at(ms + 3), kind: 'fetch', url: `https://shop.example.test/api/stock?at=${seq}-${ms}`, method: 'GET', status, duration: ms === 9_000 ? 3_500 : 40 });
  }
  for (let ms = 0; ms < BUSY_BATCH_MS; ms += 200) events.push({ type: 'console', ts: at(ms + 4), level: ms % 2_000 === 0 ? 'warn' : 'log', value: `poll ${seq}-${ms}` });
  const stack = 'TypeError: Cannot read properties of undefined (reading \'price\')\n    at total (https://shop.example.test/assets/app.js:1:2345)\n    at render (https://shop.example.test/assets/app.js:1:999)';
  events.push({ type: 'error', ts: at(5_000), source: 'js_exception', name: 'TypeError', message: "Cannot read properties of undefined (reading 'price')", stack });
  events.push({ type: 'error', ts: at(15_000), source: 'js_exception', name: 'TypeError', message: "Cannot read properties of undefined (reading 'price')", stack });
  events.push({ type: 'error', ts: at(16_000), source: 'handled', name: 'Error', message: `Checkout step ${seq} failed`, stack: `Error: Checkout step ${seq} failed\n    at step (https://shop.example.test/assets/app.js:1:50)` });
  for (let ms = 0; ms < BUSY_BATCH_MS; ms += 5_000) {
    const spike = seq === 2 && ms === 10_000;
    events.push({ type: 'performance', ts: at(ms + 5), cpu: 85, memoryUsed: spike ? 400_000_000 : 50_000_000 + seq * 1_000_000 + ms * 10, memoryTotal: 800_000_000 });
  }
  events.push({ type: 'resource', ts: at(13_000), url: 'https://cdn.example.test/hero.webp', initiator: 'img', duration: 80, failed: true });
  events.push({ type: 'issue', ts: at(14_000), issueType: 'checkout_stuck', payload: { step: seq } });
  events.push({ type: 'custom', ts: at(14_500), name: 'coupon_applied', payload: { code: 'SPRING' } });
  recording.sort((a, b) => a.timestamp - b.timestamp);
  events.sort((a, b) => a.ts - b.ts);
  return { sessionId, seq, sentAt: start + BUSY_BATCH_MS, pageNo: 0, recording, events, ...(final ? { final: true } : {}) };
}
