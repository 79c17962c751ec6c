import { describe, expect, it } from 'vitest';
import { thinMarkers, type TimelineMarker } from './timeline-markers.js';

const backendLine = (time: number, level: 'error' | 'info' = 'info'): TimelineMarker => ({
  key: `x:logs:${time}`,
  type: 'contributed',
  time,
  label: `line at ${time}`,
  contributed: { title: 'Backend log', level },
});
const click = (time: number): TimelineMarker => ({ key: `c:${time}`, type: 'click', time, label: `click at ${time}` });

describe('thinMarkers', () => {
  it('keeps every marker while they fit the timeline', () => {
    const markers = [click(10), click(11), backendLine(12)];
    expect(thinMarkers(markers, 1_000, 300)).toEqual(markers);
  });

  it('draws thousands of lines as at most one mark per slot and kind, the earliest, saying how many it stands for', () => {
    const lines = Array.from({ length: 5_000 }, (_, i) => backendLine(i * 2));
    const thinned = thinMarkers(lines, 10_000, 100);
    expect(thinned).toHaveLength(100);
    expect(thinned[0]).toMatchObject({ key: 'x:logs:0', time: 0, label: 'line at 0 (and 49 more here)' });
    expect(thinned[99]).toMatchObject({ time: 9_900 });
    expect(thinned.map((m) => m.time)).toEqual([...thinned.map((m) => m.time)].sort((a, b) => a - b));
  });

  it('keeps kinds apart within a slot: a click, an info line and an error line each keep a mark', () => {
    const markers = [...Array.from({ length: 400 }, (_, i) => backendLine(i)), click(5), backendLine(7, 'error')];
    const firstSlot = thinMarkers(markers, 400_000, 300).filter((m) => m.time < 1_000);
    expect(firstSlot.map((m) => [m.type, m.contributed?.level ?? null, m.time])).toEqual([
      ['contributed', 'info', 0],
      ['click', null, 5],
      ['contributed', 'error', 7],
    ]);
    expect(firstSlot[0]!.label).toBe('line at 0 (and 399 more here)');
  });
});
