/** The figures of the `browser` section: medians per variant, overheads and ratios, and the printed table. */
import type { BenchTable } from '../../suite/section.js';
import type { SessionMeasurement, SessionScript } from './scripted-session.js';
import type { SinkTotals } from './sink-ledger.js';
import { median, overhead, perMinute, ratio, rounded } from './statistics.js';
import { VARIANTS, type BrowserVariant, type VariantId } from './variants.js';

export interface SizeSettings {
  rows: number;
  runs: number;
  script: SessionScript;
}

export interface MeasurementSetup {
  cpuSlowdown: number;
  viewport: { width: number; height: number };
}

export interface BrowserRun {
  variant: VariantId;
  repetition: number;
  measurement: SessionMeasurement;
  sink: SinkTotals | null;
  /** The sink received recording data from this run (always true for "no tracker"). */
  recorded: boolean;
}

export interface VariantSummary {
  variant: VariantId;
  label: string;
  runs: number;
  /** Runs whose recorder sent recording data; only these count in the medians. */
  recordedRuns: number;
  busyMs: number | null;
  busyOverheadMs: number | null;
  scriptMs: number | null;
  layoutMs: number | null;
  longTasks: number | null;
  longTaskMs: number | null;
  heapMb: number | null;
  heapOverheadMb: number | null;
  kbPerMinute: number | null;
  requestsPerMinute: number | null;
  recordingPayloadsPerRun: number | null;
  sessionSeconds: number | null;
}

const MB = 1024 * 1024;

function medianOf(runs: readonly BrowserRun[], pick: (run: BrowserRun) => number): number | null {
  return runs.length === 0 ? null : median(runs.map(pick));
}

export function summarise(variant: BrowserVariant, runs: readonly BrowserRun[], baseline: VariantSummary | null): VariantSummary {
  const counted = runs.filter((run) => run.recorded);
  const perMin = (pick: (sink: SinkTotals) => number) =>
    variant.prefix === null ? 0 : medianOf(counted, (run) => perMinute(pick(run.sink!), run.measurement.sessionMs));
  const busyMs = medianOf(counted, (run) => run.measurement.taskMs);
  const heapMb = medianOf(counted, (run) => run.measurement.heapUsedBytes / MB);
  return {
    variant: variant.id,
    label: variant.label,
    runs: runs.length,
    recordedRuns: counted.length,
    busyMs,
    busyOverheadMs: baseline ? overhead(busyMs, baseline.busyMs) : null,
    scriptMs: medianOf(counted, (run) => run.measurement.scriptMs),
    layoutMs: medianOf(counted, (run) => run.measurement.layoutMs),
    longTasks: medianOf(counted, (run) => run.measurement.longTasks),
    longTaskMs: medianOf(counted, (run) => run.measurement.longTaskMs),
    heapMb,
    heapOverheadMb: baseline ? overhead(heapMb, baseline.heapMb) : null,
    kbPerMinute: perMin((sink) => sink.bytes / 1024),
    requestsPerMinute: perMin((sink) => sink.requests),
    recordingPayloadsPerRun: variant.prefix === null ? null : medianOf(counted, (run) => run.sink!.recordingPayloads),
    sessionSeconds: medianOf(counted, (run) => run.measurement.sessionMs / 1000),
  };
}

export function summariseAll(runs: readonly BrowserRun[]): VariantSummary[] {
  const runsOf = (id: VariantId) => runs.filter((run) => run.variant === id);
  const none = VARIANTS.find((variant) => variant.id === 'none')!;
  const baseline = summarise(none, runsOf('none'), null);
  // A variant left out of the runs (BENCH_VARIANTS, or no earlier build given) gets no row.
  return VARIANTS.filter((variant) => variant.id === 'none' || runsOf(variant.id).length > 0).map((variant) =>
    variant.id === 'none' ? baseline : summarise(variant, runsOf(variant.id), baseline),
  );
}

function percentOf(value: number | null, reference: number | null): number | null {
  const share = ratio(value, reference);
  return share === null ? null : share * 100;
}

function variantCell(summary: VariantSummary): string {
  if (summary.variant === 'none') return summary.label;
  if (summary.recordedRuns === 0) return `${summary.label} (did not record)`;
  if (summary.recordedRuns < summary.runs) return `${summary.label} (recorded ${summary.recordedRuns}/${summary.runs} runs)`;
  return summary.label;
}

export function browserTable(summaries: readonly VariantSummary[], settings: SizeSettings, setup: MeasurementSetup): BenchTable {
  const ours = summaries.find((summary) => summary.variant === 'cassette') ?? null;
  const none = summaries.find((summary) => summary.variant === 'none') ?? null;
  const sessionSeconds = none?.sessionSeconds ?? null;
  return {
    title: `Tracker cost in the browser (headless Chromium, CPU ${setup.cpuSlowdown}× slower, ${settings.rows.toLocaleString('en-US')} rows, medians of ${settings.runs} runs)`,
    head: ['variant', 'busy ms', '+busy ms', '+busy %', 'long tasks', 'heap MB', '+heap MB', 'KB sent/min', 'requests/min', '+busy × ours', '+heap × ours', 'KB/min × ours'],
    rows: summaries.map((summary) => [
      variantCell(summary),
      rounded(summary.busyMs, 0),
      summary.variant === 'none' ? null : rounded(summary.busyOverheadMs, 0),
      summary.variant === 'none' ? null : rounded(percentOf(summary.busyOverheadMs, none?.busyMs ?? null), 1),
      rounded(summary.longTasks, 0),
      rounded(summary.heapMb, 1),
      summary.variant === 'none' ? null : rounded(summary.heapOverheadMb, 1),
      summary.variant === 'none' ? null : rounded(summary.kbPerMinute, 1),
      summary.variant === 'none' ? null : rounded(summary.requestsPerMinute, 1),
      summary.variant === 'none' ? null : rounded(ratio(summary.busyOverheadMs, ours?.busyOverheadMs ?? null), 2),
      summary.variant === 'none' ? null : rounded(ratio(summary.heapOverheadMb, ours?.heapOverheadMb ?? null), 2),
      summary.variant === 'none' ? null : rounded(ratio(summary.kbPerMinute, ours?.kbPerMinute ?? null), 2),
    ]),
    notes: [
      `The same scripted visit for every variant (~${sessionSeconds === null ? '?' : Math.round(sessionSeconds)} s): the list re-rendered ${settings.script.shuffles}× and filtered as typed, scrolling, checkbox clicks, a navigation to a form page, typing into 4 fields, ${settings.script.appends}× appended rows; viewport ${setup.viewport.width}×${setup.viewport.height}, a fresh browser context per run, variant order rotated each repetition.`,
      'busy ms: main-thread task time (CDP Performance.getMetrics TaskDuration, both pages); +busy: above "no tracker" (+busy %: of its busy time); long tasks: PerformanceObserver "longtask" entries.',
      'heap MB: JSHeapUsedSize at the end, after a forced garbage collection; a recorder\'s Web Worker (OpenReplay, Sentry compression) is outside both heap and busy time.',
      'KB sent/min, requests/min: request bodies (compressed as sent) and calls received by the local sink, per minute of the visit, the unload flush included; lazily fetched recorder scripts are not counted as sent.',
      '× ours: the variant\'s figure divided by Cassette\'s (> 1: costs more than ours). A recorder whose recording payloads never reached the sink is marked "did not record", its runs left out of the medians.',
    ],
  };
}

