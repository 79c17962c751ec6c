// Test support: the alerts plugin beside the real sessions (analytics), metrics (custom series)
// and notifications (in-app) plugins; ingest played by the sessions test kit. Sessions are
// recorded through every sessions processor, so what the analytics service reads is what a
// real visit stores.
import type { IngestSession, TrackerEvent } from '@cassette/plugin-ingest/api';
import { metricsPlugin } from '@cassette/plugin-metrics/testing';
import { notificationsPlugin } from '@cassette/plugin-notifications/testing';
import { createSessionsTestKernel, decodedBatch, type SessionsTestKernel } from '@cassette/plugin-sessions/testing';
import { coreServices, type DepsMap, type ServerPlugin } from '@cassette/plugin-sdk/server';
import alertsPlugin from '../server.js';
import { deps, type AlertsDeps } from '../server/deps.js';
import { evaluateDueAlerts, type EvaluationOutcome } from '../server/evaluation/evaluate-alerts.js';

export interface AlertsTestKernel extends SessionsTestKernel {
  /** Records a whole session: its start, one batch with `events`, and its end at the last event. */
  record(session: IngestSession, events: TrackerEvent[]): Promise<void>;
  /** The alerts plugin's resolved services, as its jobs get them: tests evaluate at a chosen time through them. */
  deps: AlertsDeps;
  /** Evaluates every active alert due at `now` (epoch ms), as the scheduled job does; their deliveries go to the jobs queue. */
  evaluate(now: number): Promise<EvaluationOutcome[]>;
}

/**
 * `extra`: plugins that fill the alerts' extension points (a channel under test) and the plugins
 * they need; `env`: the kernel's extra environment (an outbound allow-list for a local receiver).
 */
export async function createAlertsTestKernel(extra: ServerPlugin<DepsMap>[] = [], options: { env?: Record<string, string> } = {}): Promise<AlertsTestKernel> {
  const t = await createSessionsTestKernel({ plugins: [notificationsPlugin, metricsPlugin, alertsPlugin, ...extra] as ServerPlugin<DepsMap>[], ...options });
  const processors = t.state.processors;
  // Tests evaluate at chosen times; a tick of the schedule at the real time would evaluate the same alerts too.
  await t.kernel.resolve(coreServices.jobs).unschedule('alerts.evaluate');
  const resolved = Object.fromEntries(Object.entries(deps).map(([key, ref]) => [key, t.kernel.resolve(ref as never)])) as AlertsDeps;
  return Object.assign(t, {
    deps: resolved,
    evaluate: (now: number) => evaluateDueAlerts(resolved, now),
    async record(session: IngestSession, events: TrackerEvent[]) {
      for (const p of processors) await p.sessionStarted?.(session, t.ctx);
      const lastTs = events.reduce((last, e) => Math.max(last, e.ts), session.startedAt);
      const batch = decodedBatch(session, 0, events, { receivedAt: lastTs + 1_000, final: true });
      for (const p of processors) await p.batch?.(session, structuredClone(batch), t.ctx);
      for (const p of processors) await p.sessionEnded?.(session, { endedAt: lastTs, batches: 1, reason: 'final' }, t.ctx);
    },
  });
}
