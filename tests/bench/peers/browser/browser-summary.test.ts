import { describe, expect, it } from 'vitest';
import { browserTable, summariseAll, type BrowserRun } from './browser-summary.js';
import type { SinkTotals } from './sink-ledger.js';
import type { VariantId } from './variants.js';

const MB = 1024 * 1024;

function run(variant: VariantId, taskMs: number, heapMb: number, sink: Partial<SinkTotals> | null, sessionMs = 30_000): BrowserRun {
  const totals: SinkTotals | null = sink && { requests: 0, bytes: 0, recordingPayloads: 0, downloadedBytes: 0, byEndpoint: {}, ...sink };
  return {
    variant,
    repetition: 0,
    measurement: { sessionMs, taskMs, scriptMs: 0, layoutMs: 0, recalcStyleMs: 0, longTasks: 2, longTaskMs: 120, heapUsedBytes: heapMb * MB },
    sink: totals,
    recorded: totals === null || totals.recordingPayloads > 0,
  };
}

const RUNS: BrowserRun[] = [
  run('none', 1000, 2, null),
  run('none', 1200, 2, null),
  run('none', 1100, 2, null),
  run('cassette', 1300, 4, { bytes: 51_200, requests: 10, recordingPayloads: 8 }),
  run('cassette', 1500, 4, { bytes: 51_200, requests: 10, recordingPayloads: 8 }),
  run('cassette', 1400, 4, { bytes: 51_200, requests: 10, recordingPayloads: 8 }),
  run('rrweb', 1700, 5, { bytes: 204_800, requests: 5, recordingPayloads: 5 }, 60_000),
  // A recorder that answered nothing but its start call never recorded: not a cheap run.
  run('posthog', 1000, 2, { bytes: 300, requests: 1, recordingPayloads: 0 }),
  run('sentry', 2000, 6, { bytes: 25_600, requests: 4, recordingPayloads: 3 }),
  run('sentry', 9000, 6, { bytes: 25_600, requests: 4, recordingPayloads: 0 }),
];

describe('browser summary', () => {
  const summaries = summariseAll(RUNS);
  const of = (id: VariantId) => summaries.find((summary) => summary.variant === id)!;

  it('takes medians and the overhead above the page without a tracker', () => {
    expect(of('none').busyMs).toBe(1100);
    expect(of('cassette')).toMatchObject({ busyMs: 1400, busyOverheadMs: 300, heapMb: 4, heapOverheadMb: 2, recordedRuns: 3 });
  });

  it('normalises what was sent to one minute of the visit', () => {
    expect(of('cassette').kbPerMinute).toBe(100);
    expect(of('cassette').requestsPerMinute).toBe(20);
    expect(of('rrweb').kbPerMinute).toBe(200);
    expect(of('rrweb').requestsPerMinute).toBe(5);
  });

  it('leaves out runs that did not record, and reports a recorder that never did', () => {
    expect(of('sentry')).toMatchObject({ runs: 2, recordedRuns: 1, busyMs: 2000 });
    expect(of('posthog')).toMatchObject({ recordedRuns: 0, busyMs: null, kbPerMinute: null });
  });

  it('prints ratios to ours and marks variants that did not (always) record', () => {
    const table = browserTable(summaries, { rows: 10, runs: 3, script: { shuffles: 1, appends: 1, scrollSteps: 1 } }, { cpuSlowdown: 4, viewport: { width: 800, height: 600 } });
    const row = (start: string) => table.rows.find((cells) => String(cells[0]).startsWith(start))!;
    const column = (name: string) => table.head.indexOf(name);
    expect(row('Cassette')[column('+busy × ours')]).toBe(1);
    expect(row('@rrweb')[column('+busy × ours')]).toBe(2);
    expect(row('@rrweb')[column('KB/min × ours')]).toBe(2);
    expect(row('posthog')[0]).toContain('did not record');
    expect(row('posthog')[column('busy ms')]).toBeNull();
    expect(row('@sentry')[0]).toContain('recorded 1/2 runs');
    expect(row('no tracker')[column('+busy ms')]).toBeNull();
    expect(table.rows.every((cells) => cells.length === table.head.length)).toBe(true);
  });
});
