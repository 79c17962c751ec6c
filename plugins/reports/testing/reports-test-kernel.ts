// Test support: the reports plugin beside the real sessions (analytics), errors (new errors) and
// notifications (switches, zone) plugins, ingest played by the sessions test kit, and mail sent
// over SMTP to a catcher on 127.0.0.1. Sessions are recorded through every processor, so what the
// report reads is what a real visit stores.
import type { IngestSession, TrackerEvent } from '@cassette/plugin-ingest/api';
import { errorsPlugin } from '@cassette/plugin-errors/testing';
import { notificationsPlugin } from '@cassette/plugin-notifications/testing';
import { createSessionsTestKernel, decodedBatch, type SessionsTestKernel } from '@cassette/plugin-sessions/testing';
import { coreServices, type DepsMap, type ServerPlugin } from '@cassette/plugin-sdk/server';
import reportsPlugin from '../server.js';
import { deps, type ReportsDeps } from '../server/deps.js';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher.js';

export interface ReportsTestKernel extends SessionsTestKernel {
  /** Records a whole session: its start, one batch with `events`, and its end at the last event. */
  record(session: IngestSession, events: TrackerEvent[]): Promise<void>;
  /** The plugin's resolved services, as its job gets them: tests run the check at chosen times. */
  deps: ReportsDeps;
  smtp: SmtpCatcher;
}

export async function createReportsTestKernel(): Promise<ReportsTestKernel> {
  const smtp = await startSmtpCatcher();
  const t = await createSessionsTestKernel({ plugins: [notificationsPlugin, errorsPlugin, reportsPlugin] as ServerPlugin<DepsMap>[], mailer: smtp.mailer });
  // Tests run the check at chosen times; a tick of the schedule at the real time would run it too.
  await t.kernel.resolve(coreServices.jobs).unschedule('reports.weekly');
  const processors = t.state.processors;
  const resolved = Object.fromEntries(Object.entries(deps).map(([key, ref]) => [key, t.kernel.resolve(ref as never)])) as ReportsDeps;
  const close = t.close.bind(t);
  return Object.assign(t, {
    deps: resolved,
    smtp,
    async record(session: IngestSession, events: TrackerEvent[]) {
      for (const p of processors) await p.sessionStarted?.(session, t.ctx);
      const lastTs = events.reduce((last, e) => Math.max(last, e.ts), session.startedAt);
      const batch = decodedBatch(session, 0, events, { receivedAt: lastTs + 1_000, final: true });
      for (const p of processors) await p.batch?.(session, structuredClone(batch), t.ctx);
      for (const p of processors) await p.sessionEnded?.(session, { endedAt: lastTs, batches: 1, reason: 'final' }, t.ctx);
    },
    async close() {
      await close();
      await smtp.close();
    },
  });
}
