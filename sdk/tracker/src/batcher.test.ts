import { describe, expect, it } from 'vitest';
import { Batcher, batchBody, batchBytes } from './batcher';
import type { BatchRequest } from './protocol';

const meta = (seq: number, final = false) => ({ sessionId: 's1', seq, pageNo: 2, now: 1_000 + seq, final });

describe('Batcher', () => {
  it('seals buffered events into a protocol batch with the given seq', () => {
    const b = new Batcher({ flushBytes: 1e6, onFull: () => undefined });
    b.addRecording({ type: 2, timestamp: 5, data: { node: 1 } });
    b.addEvent({ type: 'custom', ts: 6, name: 'signup', payload: { plan: 'pro' } });
    const sealed = b.seal(meta(0))!;
    const body = JSON.parse(batchBody(sealed)) as BatchRequest;
    expect(body).toEqual({
      sessionId: 's1',
      seq: 0,
      sentAt: 1_000,
      pageNo: 2,
      recording: [{ type: 2, timestamp: 5, data: { node: 1 } }],
      events: [{ type: 'custom', ts: 6, name: 'signup', payload: { plan: 'pro' } }],
    });
    expect(b.isEmpty).toBe(true);
  });

  it('returns nothing when empty, except for a final batch', () => {
    const b = new Batcher({ flushBytes: 1e6, onFull: () => undefined });
    expect(b.seal(meta(3))).toBeNull();
    const final = b.seal(meta(3, true))!;
    expect(JSON.parse(batchBody(final))).toMatchObject({ seq: 3, recording: [], events: [], final: true });
  });

  it('asks for a flush once the buffer reaches the size threshold, once per batch', () => {
    let full = 0;
    const b = new Batcher({ flushBytes: 1_000, onFull: () => full++ });
    const big = { type: 3, timestamp: 1, data: { text: 'x'.repeat(400) } };
    b.addRecording(big);
    b.addRecording(big);
    expect(full).toBe(0);
    b.addRecording(big);
    b.addRecording(big);
    expect(full).toBe(1);
    expect(b.bufferedBytes).toBeGreaterThanOrEqual(1_000);
    const sealed = b.seal(meta(0))!;
    expect(batchBytes(sealed)).toBeGreaterThanOrEqual(1_600);
    b.addRecording(big);
    b.addRecording(big);
    b.addRecording(big);
    expect(full).toBe(2);
  });

  it('skips values that cannot be serialised instead of throwing', () => {
    const b = new Batcher({ flushBytes: 1e6, onFull: () => undefined });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    b.addEvent({ type: 'custom', ts: 1, name: 'x', payload: cyclic });
    expect(b.isEmpty).toBe(true);
  });
});

describe('Batcher size threshold', () => {
  it('can be lowered once the server states its limit', () => {
    let full = 0;
    const b = new Batcher({ flushBytes: 1e6, onFull: () => full++ });
    b.setFlushBytes(2_000);
    b.addRecording({ type: 3, timestamp: 1, data: 'x'.repeat(2_100) });
    expect(full).toBe(1);
  });
});

describe('Batcher event limit', () => {
  it('asks for a flush at the limit and seals at most that many events, the oldest of both kinds first', () => {
    let full = 0;
    const b = new Batcher({ flushBytes: 1e6, maxEvents: 3, onFull: () => full++ });
    b.addRecording({ type: 3, timestamp: 10, data: { n: 'r0' } });
    b.addEvent({ type: 'custom', ts: 20, name: 'e0' });
    expect(full).toBe(0);
    b.addEvent({ type: 'custom', ts: 30, name: 'e1' });
    expect(full).toBe(1);
    b.addRecording({ type: 3, timestamp: 20, data: { n: 'r1' } });
    b.addEvent({ type: 'custom', ts: 40, name: 'e2' });
    expect(b.fitsOneBatch).toBe(false);
    // In time order: r0@10, e0@20, r1@20 (the semantic event first at the same millisecond), e1@30, e2@40.
    const first = JSON.parse(batchBody(b.seal(meta(0))!)) as BatchRequest;
    expect(first.recording.map((e) => (e.data as { n: string }).n)).toEqual(['r0', 'r1']);
    expect(first.events.map((e) => (e as { name: string }).name)).toEqual(['e0']);
    expect(b.bufferedEvents).toBe(2);
    expect(b.fitsOneBatch).toBe(true);
    const second = JSON.parse(batchBody(b.seal(meta(1))!)) as BatchRequest;
    expect(second.recording).toEqual([]);
    expect(second.events.map((e) => (e as { name: string }).name)).toEqual(['e1', 'e2']);
    expect(b.isEmpty).toBe(true);
    expect(b.bufferedBytes).toBe(0);
  });

  it('takes the limit the server states, never above its own', () => {
    const b = new Batcher({ flushBytes: 1e6, onFull: () => undefined });
    for (let i = 0; i < 5; i++) b.addEvent({ type: 'custom', ts: i, name: `e${i}` });
    expect(b.fitsOneBatch).toBe(true);
    b.setMaxEvents(2);
    expect(b.fitsOneBatch).toBe(false);
    expect(JSON.parse(batchBody(b.seal(meta(0))!)).events).toHaveLength(2);
  });
});

describe('Batcher before the session starts (capped)', () => {
  const noise = (i: number) => ({ type: 'console' as const, ts: i, level: 'log' as const, value: `line ${i}` });
  const error = (i: number) => ({ type: 'error' as const, ts: i, source: 'js_exception' as const, name: 'TypeError', message: `boom ${i}` });
  const sealedEvents = (b: Batcher) => (JSON.parse(batchBody(b.seal(meta(0))!)) as BatchRequest).events;

  it('keeps at most maxEvents, dropping the oldest noise first and keeping the page visit and errors', () => {
    const b = new Batcher({ flushBytes: 1e6, onFull: () => undefined });
    b.setCap({ maxBytes: 1e6, maxEvents: 4 });
    b.addEvent({ type: 'page', ts: 0, url: 'https://shop.test/', referrer: '', title: 'Shop' });
    b.addEvent(noise(1));
    b.addEvent(error(2));
    b.addEvent(noise(3));
    b.addEvent(noise(4));
    b.addEvent(error(5));
    expect(b.dropped).toBe(2);
    expect(sealedEvents(b).map((e) => `${e.type} ${e.ts}`)).toEqual(['page 0', 'error 2', 'console 4', 'error 5']);
  });

  it('when only errors are left, keeps the earliest ones', () => {
    const b = new Batcher({ flushBytes: 1e6, onFull: () => undefined });
    b.setCap({ maxBytes: 1e6, maxEvents: 2 });
    for (let i = 0; i < 5; i++) b.addEvent(error(i));
    expect(sealedEvents(b).map((e) => e.ts)).toEqual([0, 1]);
    expect(b.dropped).toBe(3);
  });

  it('over its byte bound drops the DOM recording whole, then ignores DOM changes until uncapped', () => {
    const b = new Batcher({ flushBytes: 1e6, onFull: () => undefined });
    b.setCap({ maxBytes: 2_000, maxEvents: 100 });
    b.addRecording({ type: 4, timestamp: 1, data: { href: 'https://shop.test/' } });
    b.addRecording({ type: 2, timestamp: 2, data: { node: 'x'.repeat(1_500) } });
    b.addEvent(error(3));
    expect(b.recordingDropped).toBe(false);
    b.addRecording({ type: 3, timestamp: 4, data: { text: 'y'.repeat(600) } });
    expect(b.recordingDropped).toBe(true);
    expect(b.dropped).toBe(3);
    // A change without its snapshot is worthless: not kept.
    b.addRecording({ type: 3, timestamp: 5, data: { text: 'z' } });
    expect(b.bufferedBytes).toBeLessThanOrEqual(2_000);
    b.setCap(null);
    b.addRecording({ type: 2, timestamp: 6, data: { node: 'fresh' } });
    const body = JSON.parse(batchBody(b.seal(meta(0))!)) as BatchRequest;
    expect(body.recording.map((e) => e.timestamp)).toEqual([6]);
    expect(body.events.map((e) => e.type)).toEqual(['error']);
  });

  it('stays within its byte bound with events alone', () => {
    const b = new Batcher({ flushBytes: 1e6, onFull: () => undefined });
    b.setCap({ maxBytes: 3_000, maxEvents: 1_000 });
    for (let i = 0; i < 200; i++) b.addEvent({ ...noise(i), value: 'v'.repeat(100) });
    expect(b.bufferedBytes).toBeLessThanOrEqual(3_000);
    expect(b.dropped).toBeGreaterThan(150);
    // The newest lines are the ones kept.
    expect(sealedEvents(b).at(-1)!.ts).toBe(199);
  });

  it('does not ask for a flush while capped, and asks once uncapped with a lower threshold it already passed', () => {
    let full = 0;
    const b = new Batcher({ flushBytes: 1_000, onFull: () => full++ });
    b.setCap({ maxBytes: 1e6, maxEvents: 1_000 });
    b.addRecording({ type: 2, timestamp: 1, data: 'x'.repeat(3_000) });
    expect(full).toBe(0);
    b.setCap(null);
    b.setFlushBytes(2_000);
    expect(full).toBe(1);
  });

  it('rewrites buffered events and keeps its byte count exact', () => {
    const b = new Batcher({ flushBytes: 1e6, onFull: () => undefined });
    b.addRecording({ type: 2, timestamp: 1, data: {} });
    b.addEvent(noise(1));
    b.addEvent({ type: 'click', ts: 2, selector: '#a', label: 'A' });
    b.rewriteEvents((e) => (e.type === 'click' ? null : { ...e, value: 'masked' } as typeof e));
    const recordingJson = JSON.stringify({ type: 2, timestamp: 1, data: {} });
    const eventJson = JSON.stringify({ ...noise(1), value: 'masked' });
    expect(b.bufferedBytes).toBe(recordingJson.length + 1 + eventJson.length + 1);
    expect(sealedEvents(b)).toEqual([{ ...noise(1), value: 'masked' }]);
  });
});
