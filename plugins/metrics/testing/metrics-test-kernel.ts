// Test support: the metrics plugin boots beside the real sessions plugin (whose analytics service
// does the counting), ingest played by its test kit. Sessions are recorded through every sessions
// processor in ingest's order, so their summaries, events and issues are what a real visit stores.
import type { IngestSession, TrackerEvent } from '@cassette/plugin-ingest/api';
import { createSessionsTestKernel, decodedBatch, type SessionsTestKernel } from '@cassette/plugin-sessions/testing';
import metricsPlugin from '../server.js';

export interface MetricsTestKernel extends SessionsTestKernel {
  /** Records a whole session: its start, one batch with `events`, and its end at the last event. */
  record(session: IngestSession, events: TrackerEvent[]): Promise<void>;
}

export async function createMetricsTestKernel(): Promise<MetricsTestKernel> {
  const t = await createSessionsTestKernel({ plugins: [metricsPlugin] });
  const processors = t.state.processors;
  return Object.assign(t, {
    async record(session: IngestSession, events: TrackerEvent[]) {
      for (const p of processors) await p.sessionStarted?.(session, t.ctx);
      const lastTs = events.reduce((last, e) => Math.max(last, e.ts), session.startedAt);
      const batch = decodedBatch(session, 0, events, { receivedAt: lastTs + 1_000, final: true });
      for (const p of processors) await p.batch?.(session, structuredClone(batch), t.ctx);
      for (const p of processors) await p.sessionEnded?.(session, { endedAt: lastTs, batches: 1, reason: 'final' }, t.ctx);
    },
  });
}
