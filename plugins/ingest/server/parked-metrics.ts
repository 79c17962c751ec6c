import type { CounterMetric, DatabaseService, MetricsService } from '@cassette/plugin-sdk/server';
import { countParkedSteps } from './parked-steps.js';

/** Steps parked by this process since it started (a rising count is worth an alert). */
export function parkedStepsCounter(metrics: MetricsService): CounterMetric {
  return metrics.counter({ name: 'cassette_ingest_steps_parked_total', help: 'Processing steps (a session start, a batch, a session end) parked after repeated processor failures' });
}

/** Steps parked now, across the install: read from the database at each scrape, so every process reports the same. */
export function registerParkedStepsGauge(metrics: MetricsService, db: DatabaseService): void {
  metrics.gauge({
    name: 'cassette_ingest_parked_steps',
    help: 'Processing steps parked after repeated processor failures, waiting for an admin to retry them (Preferences > Processing)',
    async collect(gauge) {
      gauge.set(await countParkedSteps(db.sql));
    },
  });
}
