import { percentile } from '../latency.js';

export interface LatencyFigures {
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

const whole = (ms: number) => Math.round(ms);

/** Median, 95th percentile and worst of a run's latencies, in whole ms. */
export function latencyFigures(latenciesMs: readonly number[]): LatencyFigures {
  return { samples: latenciesMs.length, p50Ms: whole(percentile(latenciesMs, 50)), p95Ms: whole(percentile(latenciesMs, 95)), maxMs: whole(Math.max(...latenciesMs)) };
}

/** Microseconds of processing per event, one decimal. */
export function microsecondsPerEvent(elapsedMs: number, events: number): number {
  if (!(events > 0)) throw new Error('no events');
  return Math.round((elapsedMs * 1000 * 10) / events) / 10;
}

/** "200: 41, 429: 157": answers by status, for a table cell. */
export function answersCell(answers: Record<number, number>): string {
  const statuses = Object.keys(answers).map(Number).sort((a, b) => a - b);
  return statuses.length ? statuses.map((s) => `${s}: ${answers[s]}`).join(', ') : '–';
}
