// Test support: the integrations plugin boots beside the real sessions plugin (ingest played by
// its test kit), with the plugins under test that fill its extension points.
import { definePlugin, type DepsMap, type ServerPlugin } from '@cassette/plugin-sdk/server';
import type { TestKernel, TestKernelOptions } from '@cassette/plugin-sdk/testing';
import type { IngestSession, TrackerEvent } from '@cassette/plugin-ingest/api';
import { createSessionsTestKernel, decodedBatch, ingestSession, type SessionsTestKernel } from '@cassette/plugin-sessions/testing';
import { integrationsExtensionPoints, type LogSource, type TicketProvider } from '../api.js';
import integrationsPlugin from '../server.js';
import { integrationsRuntimeRef } from '../server/runtime.js';

export interface IntegrationsTestKernel extends SessionsTestKernel {
  /**
   * Records a session of `projectId` through the sessions processors: it starts at `startedAt`
   * and its last activity is `durationMs` later. Answers its id.
   */
  recordSession(projectId: number, tenantId: number, options: { startedAt: number; durationMs: number; userId?: string | null }): Promise<string>;
}

/**
 * A kernel with sessions, integrations and `extraPlugins` (a tool's plugin, or `contributing(...)`).
 * `env`: the kernel's extra environment, e.g. `CASSETTE_OUTBOUND_ALLOW_HOSTS` naming a local stand-in of the tool.
 * `config`: configuration over the defaults, e.g. `{ plugins: [{ id: 'cloudwatch', settings: { endpoint } }] }` for a tool's settings.
 */
export async function createIntegrationsTestKernel(
  extraPlugins: ServerPlugin<DepsMap>[] = [],
  options: { env?: Record<string, string>; config?: TestKernelOptions['config'] } = {},
): Promise<IntegrationsTestKernel> {
  const t = await createSessionsTestKernel({
    plugins: [integrationsPlugin as unknown as ServerPlugin<DepsMap>, ...extraPlugins],
    ...(options.env ? { env: options.env } : {}),
    ...(options.config ? { config: options.config } : {}),
  });
  return Object.assign(t, {
    async recordSession(projectId: number, tenantId: number, o: { startedAt: number; durationMs: number; userId?: string | null }) {
      const session: IngestSession = ingestSession(projectId, tenantId, { startedAt: o.startedAt, userId: o.userId ?? null });
      const lastTs = o.startedAt + o.durationMs;
      const events: TrackerEvent[] = [{ type: 'page', ts: lastTs, url: session.url, referrer: '', title: session.title }];
      for (const p of t.state.processors) await p.sessionStarted?.(session, t.ctx);
      const batch = decodedBatch(session, 0, events, { receivedAt: lastTs + 1_000, final: true });
      for (const p of t.state.processors) await p.batch?.(session, structuredClone(batch), t.ctx);
      for (const p of t.state.processors) await p.sessionEnded?.(session, { endedAt: lastTs, batches: 1, reason: 'final' }, t.ctx);
      return session.sessionId;
    },
  });
}

/** A plugin that contributes the given log sources and ticket providers, as a tool's plugin would. */
export function contributing(id: string, contributions: { logSources?: LogSource[]; ticketProviders?: TicketProvider[] }): ServerPlugin<DepsMap> {
  return definePlugin({
    id,
    register(r) {
      for (const source of contributions.logSources ?? []) r.extend(integrationsExtensionPoints.logSources, source);
      for (const provider of contributions.ticketProviders ?? []) r.extend(integrationsExtensionPoints.ticketProviders, provider);
    },
  }) as unknown as ServerPlugin<DepsMap>;
}

/**
 * What the integrations plugin of a booted kernel received at its extension points, each with the
 * plugin that contributed it: what its routes serve, so a tool's boot test sees the owner accepted it.
 */
export function contributionsOf(t: TestKernel): { logSources: { plugin: string; value: LogSource }[]; ticketProviders: { plugin: string; value: TicketProvider }[] } {
  const runtime = t.kernel.resolve(integrationsRuntimeRef);
  return { logSources: [...runtime.logSources], ticketProviders: [...runtime.ticketProviders] };
}
