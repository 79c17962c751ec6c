import { percentile } from '../latency.js';

/** What one load run measured: each request's latency, and the run's wall time. */
export interface LoadRun {
  latenciesMs: number[];
  elapsedMs: number;
  /** Events (rrweb + semantic) in the batches sent. */
  events: number;
  /** Requests answered with something other than 200. */
  failures: number;
}

export interface ThroughputFigures {
  batches: number;
  batchesPerSecond: number;
  eventsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

export function throughputFigures(run: LoadRun): ThroughputFigures {
  if (!(run.elapsedMs > 0)) throw new Error('a load run takes some time');
  const seconds = run.elapsedMs / 1000;
  return {
    batches: run.latenciesMs.length,
    batchesPerSecond: oneDecimal(run.latenciesMs.length / seconds),
    eventsPerSecond: Math.round(run.events / seconds),
    p50Ms: oneDecimal(percentile(run.latenciesMs, 50)),
    p99Ms: oneDecimal(percentile(run.latenciesMs, 99)),
    failures: run.failures,
  };
}

/** How many times `ours` is of `bare` (batches per second), for the headline. */
export function ratio(ours: ThroughputFigures, bare: ThroughputFigures): number {
  return Math.round((ours.batchesPerSecond / bare.batchesPerSecond) * 1000) / 1000;
}
