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
