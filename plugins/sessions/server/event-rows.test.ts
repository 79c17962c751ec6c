import { describe, expect, it } from 'vitest';
import { boundedJson, eventRows, eventTime, text } from './event-rows.js';

describe('event rows', () => {
  it('keys rows by batch position, so a replayed batch gives the same keys', () => {
    const events = [
      { type: 'click' as const, ts: 1_800_000_000_000, selector: 'a', label: 'A' },
      { type: 'page_timing' as const, ts: 1_800_000_000_001, url: 'https://x.test/', timings: { ttfb: 10 } },
      { type: 'console' as const, ts: 1_800_000_000_002, level: 'warn' as const, value: 'careful' },
    ];
    const { rows, timings } = eventRows(4, events, 0);
    expect(rows.map((r) => [r.seq, r.idx, r.type])).toEqual([
      [4, 0, 'CLICK'],
      [4, 2, 'CONSOLE'],
    ]);
    expect(timings).toEqual([{ seq: 4, idx: 1, url: 'https://x.test/', timings: expect.objectContaining({ ttfb: 10, lcp: null }) }]);
  });

  it('maps the page timings the dashboard widgets read to their columns', () => {
    const timings = { firstPaint: 300, responseTime: 180, responseEnd: 200, domContentLoadedStart: 610, ttfb: 120 };
    const { timings: updates } = eventRows(0, [{ type: 'page_timing', ts: 1_800_000_000_000, url: 'https://x.test/', timings }], 0);
    expect(updates[0]!.timings).toMatchObject({ first_paint: 300, response_time: 180, response_end: 200, dom_content_loaded_start: 610, ttfb: 120 });
  });

  it("puts a performance sample's numbers in their columns, and keeps them in the payload for the player", () => {
    const { rows } = eventRows(0, [{ type: 'performance', ts: 1_800_000_000_000, cpu: 41.5, fps: 58, memoryUsed: 70_822_839, memoryTotal: 4_294_967_296 }], 0);
    expect(rows[0]).toMatchObject({ type: 'PERFORMANCE', samples: { cpu: 41.5, fps: 58, memory_used: 70_822_839 }, payload: { cpu: 41.5, fps: 58, memoryUsed: 70_822_839, memoryTotal: 4_294_967_296 } });
    const partial = eventRows(0, [{ type: 'performance', ts: 1_800_000_000_000, cpu: 12 }], 0).rows[0]!;
    expect(partial.samples).toEqual({ cpu: 12, fps: null, memory_used: null });
  });

  it("keeps a click's position and the clicked element's tag in the payload", () => {
    const { rows } = eventRows(0, [{ type: 'click', ts: 1_800_000_000_000, selector: 'div > b', label: 'B', x: 3, y: 4, tag: 'b' }], 0);
    expect(rows[0]).toMatchObject({ type: 'CLICK', selector: 'div > b', payload: { x: 3, y: 4, tag: 'b' } });
    expect(eventRows(0, [{ type: 'click', ts: 1_800_000_000_000, selector: 'a', label: '' }], 0).rows[0]!.payload).toBeNull();
  });

  it("keeps where in the element a click landed (percent), and a page's scroll depth with its height", () => {
    const ts = 1_800_000_000_000;
    const click = eventRows(0, [{ type: 'click', ts, selector: 'b', label: 'B', x: 3, y: 4, rx: 25, ry: 140 }], 0).rows[0]!;
    expect(click.payload).toEqual({ x: 3, y: 4, rx: 25 });
    const { rows } = eventRows(0, [{ type: 'scroll', ts, depth: 1800, height: 3000 }, { type: 'scroll', ts, depth: 900, height: 0 }, { type: 'scroll', ts, depth: 5000, height: 4000 }], 0);
    expect(rows.map((r) => [r.type, r.payload])).toEqual([
      ['SCROLL', { depth: 1800, height: 3000 }],
      ['SCROLL', { depth: 4000, height: 4000 }],
    ]);
  });

  it('drops NUL characters and caps text', () => {
    expect(text('a\u0000b')).toBe('ab');
    expect(text('x'.repeat(3000))).toHaveLength(2000);
    expect(text(5)).toBeNull();
  });

  it('bounds JSON payloads in depth, length and content', () => {
    const deep = JSON.parse('{"a":'.repeat(30) + '1' + '}'.repeat(30));
    expect(JSON.stringify(boundedJson(deep))).not.toContain('1');
    expect((boundedJson(Array.from({ length: 500 }, (_, i) => i)) as unknown[]).length).toBe(100);
    expect(boundedJson({ 'k\u0000': 'v\u0000', n: Number.POSITIVE_INFINITY })).toEqual({ k: 'v', n: null });
  });

  it('falls back to the arrival time for a broken clock', () => {
    expect(eventTime(Number.NaN, 1_800_000_000_000).getTime()).toBe(1_800_000_000_000);
    expect(eventTime(9e15, 1_800_000_000_000).getTime()).toBe(1_800_000_000_000);
    expect(eventTime(-5, 1_800_000_000_000).getTime()).toBe(1_800_000_000_000);
    expect(eventTime(1_700_000_000_000, 0).getTime()).toBe(1_700_000_000_000);
  });
});
