import { describe, expect, it } from 'vitest';
import { CLOCK_ELEMENT_ID, clockText, generateRecording } from './recording-generator.js';

const START = Date.UTC(2026, 0, 5, 10, 0, 0);
const tiny = { startTs: START, durationMs: 90_000, pageMs: 40_000, pageNodes: 200 };

describe('generateRecording', () => {
  it('gives the same recording for the same seed, another for another seed', () => {
    expect(JSON.stringify(generateRecording(tiny))).toBe(JSON.stringify(generateRecording(tiny)));
    expect(JSON.stringify(generateRecording({ ...tiny, seed: 2 }))).not.toBe(JSON.stringify(generateRecording(tiny)));
  });

  it('cuts batches at the flush interval, numbered from 0, the last one final', () => {
    const { batches } = generateRecording(tiny);
    expect(batches.map((b) => b.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(batches.filter((b) => b.final).map((b) => b.seq)).toEqual([8]);
    for (const batch of batches) {
      expect(batch.recording.length, `batch ${batch.seq} has recording`).toBeGreaterThan(0);
      for (const e of [...batch.recording.map((r) => r.timestamp), ...batch.events.map((e) => e.ts)]) {
        expect(e).toBeGreaterThanOrEqual(START + batch.seq * 10_000);
        expect(e).toBeLessThanOrEqual(batch.sentAt);
      }
    }
  });

  it('keeps timestamps in order and inside the recording', () => {
    const { batches } = generateRecording(tiny);
    const times = batches.flatMap((b) => b.recording.map((r) => r.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBe(START);
    expect(times.at(-1)!).toBeLessThan(START + tiny.durationMs);
  });

  it('starts each page with a meta event and a full snapshot of about the asked size, and a page event', () => {
    const recording = generateRecording(tiny);
    expect(recording.pages.map((p) => [p.pageNo, p.atMs])).toEqual([
      [0, 0],
      [1, 40_000],
      [2, 80_000],
    ]);
    expect(recording.snapshotNodes).toBeGreaterThan(180);
    expect(recording.snapshotNodes).toBeLessThan(220);
    for (const page of recording.pages) {
      const batch = recording.batches.find((b) => b.recording[0]!.timestamp === START + page.atMs)!;
      expect(batch.pageNo).toBe(page.pageNo);
      expect(batch.recording.slice(0, 2).map((r) => r.type)).toEqual([4, 2]);
      expect(batch.events[0]).toMatchObject({ type: 'page', url: page.url, title: page.title });
      // The snapshot's clock already reads the page's start time.
      expect(JSON.stringify(batch.recording[1]!.data)).toContain(`"id":"${CLOCK_ELEMENT_ID}"`);
      expect(JSON.stringify(batch.recording[1]!.data)).toContain(`"textContent":"${clockText(page.atMs)}"`);
    }
  });

  it('sets the clock on every tick between page loads', () => {
    const { batches } = generateRecording(tiny);
    const clockValues = batches.flatMap((b) =>
      b.recording.flatMap((r) => {
        const texts = (r.data as { source?: number; texts?: { value: string }[] }).texts ?? [];
        return r.type === 3 ? texts.filter((t) => /^\d\d:\d\d$/.test(t.value)).map((t) => [r.timestamp - START, t.value]) : [];
      }),
    );
    expect(clockValues).toEqual([
      [10_000, '00:10'],
      [20_000, '00:20'],
      [30_000, '00:30'],
      [50_000, '00:50'],
      [60_000, '01:00'],
      [70_000, '01:10'],
    ]);
  });

  it('refuses pages that would not start on a batch or a clock tick', () => {
    expect(() => generateRecording({ ...tiny, pageMs: 15_000 })).toThrow(/multiple of batchMs/);
  });
});

describe('clockText', () => {
  it('reads the last tick as minutes and seconds', () => {
    expect(clockText(0)).toBe('00:00');
    expect(clockText(9_999)).toBe('00:00');
    expect(clockText(21 * 60_000 + 4_000)).toBe('21:00');
    expect(clockText(29 * 60_000 + 59_000)).toBe('29:50');
  });
});
