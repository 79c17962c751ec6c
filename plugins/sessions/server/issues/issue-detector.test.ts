import { describe, expect, it } from 'vitest';
import type { RecordingEvent, TrackerEvent } from '@cassette/plugin-ingest/api';
import { detectIssues, finishIssues, initialDetectorState, timeline, type DetectorBatch } from './issue-detector.js';

const T0 = Date.UTC(2026, 10, 20, 10, 0, 0);

function batch(seq: number, events: TrackerEvent[], recording: RecordingEvent[] = [], pageNo = 0): DetectorBatch {
  return { seq, pageNo, receivedAt: T0 + 3_600_000, events, recording };
}
const clickAt = (at: number, selector = 'button#pay'): TrackerEvent => ({ type: 'click', ts: T0 + at, selector, label: 'Pay', tag: 'button' });
const mutationAt = (at: number): RecordingEvent => ({ type: 3, timestamp: T0 + at, data: { source: 0, adds: [], removes: [], texts: [], attributes: [] } });

describe('issue detector', () => {
  it('merges DOM and semantic events in time order, a tracker event first at the same millisecond', () => {
    const items = timeline(batch(2, [clickAt(10), clickAt(0)], [mutationAt(10), mutationAt(5)]));
    expect(items.map((i) => [i.source, i.ts - T0, i.idx])).toEqual([
      ['event', 0, 1],
      ['recording', 5, 1],
      ['event', 10, 0],
      ['recording', 10, 0],
    ]);
    expect(items.every((i) => i.seq === 2)).toBe(true);
  });

  it('puts events with a broken clock at the time the batch arrived', () => {
    const [item] = timeline(batch(0, [{ ...clickAt(0), ts: Number.NaN }]));
    expect(item!.ts).toBe(T0 + 3_600_000);
  });

  it('finds a rage burst split over two batches, stored under its first click', () => {
    const first = detectIssues(null, batch(0, [clickAt(0), clickAt(100)], [mutationAt(50)]));
    expect(first.issues).toEqual([]);
    const stored = JSON.parse(JSON.stringify(first.state));
    const second = detectIssues(stored, batch(1, [clickAt(200), clickAt(250), { type: 'console', ts: T0 + 2000, level: 'log', value: 'x' }], [mutationAt(260)]));
    expect(second.issues).toEqual([
      { type: 'click_rage', contextString: 'button#pay', timestamp: T0, seq: 0, idx: 0, payload: { count: 4, selector: 'button#pay', label: 'Pay' } },
    ]);
  });

  it('judges a click of one batch by the DOM changes of the next', () => {
    const first = detectIssues(null, batch(0, [clickAt(0, 'div.tile')]));
    const answered = detectIssues(first.state, batch(1, [], [mutationAt(800), mutationAt(5000)]));
    expect(answered.issues).toEqual([]);
    const unanswered = detectIssues(first.state, batch(1, [], [mutationAt(1300)]));
    expect(unanswered.issues).toMatchObject([{ type: 'dead_click', seq: 0, idx: 0, contextString: 'div.tile' }]);
  });

  it('never changes the state it is given', () => {
    const state = initialDetectorState();
    const before = JSON.stringify(state);
    detectIssues(state, batch(0, [clickAt(0), clickAt(10), clickAt(20)]));
    finishIssues(state, T0 + 100);
    expect(JSON.stringify(state)).toBe(before);
  });

  it('runs every heuristic over one batch and answers in time order', () => {
    const { issues } = detectIssues(null, batch(0, [
      { type: 'request', ts: T0 + 300, kind: 'xhr', url: 'https://api.x.test/a', method: 'GET', status: 404, duration: 3500 },
      { type: 'error', ts: T0 + 100, source: 'js_exception', name: 'Error', message: 'x' },
      { type: 'resource', ts: T0 + 200, url: 'https://cdn.x.test/i.png', initiator: 'img', duration: 0, failed: true },
      { type: 'issue', ts: T0 + 400, issueType: 'payment_declined' },
    ]));
    expect(issues.map((i) => i.type)).toEqual(['js_exception', 'missing_resource', 'bad_request', 'slow_resource', 'custom']);
  });

  it('decides crashes and waiting clicks at the end', () => {
    const { state, issues } = detectIssues(null, batch(0, [clickAt(0, 'div.card'), { type: 'error', ts: T0 + 100, source: 'js_exception', name: 'Error', message: 'dead' }]));
    expect(issues.map((i) => i.type)).toEqual(['js_exception']);
    const end = finishIssues(state, T0 + 1500);
    expect(end.issues.map((i) => i.type)).toEqual(['dead_click', 'crash']);
    // Finishing again finds nothing more.
    expect(finishIssues(end.state, T0 + 1500).issues).toEqual([]);
  });

  it('starts a heuristic missing from an older stored state afresh', () => {
    const old = { byType: {} };
    const { issues, state } = detectIssues(old, batch(0, [clickAt(0), clickAt(10), clickAt(20)]));
    expect(issues).toEqual([]);
    expect(finishIssues(state, T0 + 20).issues.map((i) => i.type)).toEqual(['click_rage']);
  });
});
