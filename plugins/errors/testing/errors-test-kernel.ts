// Test support: the errors plugin boots next to ingest (whose processors it extends) and the
// sessions plugin (whose deletions it follows). Plugin tests may import no other plugin's
// server code, so ingest's test kit plays ingest's part and a stand-in for sessions only
// exists. The suite under tests/ boots the real ones.
import { definePlugin, type SqlRunner } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import type { DecodedBatch, IngestProcessor, IngestSession, ProcessorContext, TrackerEvent } from '@cassette/plugin-ingest/api';
import { sessionsEvents } from '@cassette/plugin-sessions/api';
import { ingestStandIn, processorContext } from '@cassette/plugin-ingest/testing';
import errorsPlugin from '../server.js';

const sessionsStandIn = definePlugin({ id: 'sessions', register() {} });

export interface ErrorsTestKernel extends TestKernel {
  ctx: ProcessorContext;
  processors: IngestProcessor[];
  started(session: IngestSession): Promise<void>;
  batch(session: IngestSession, batch: DecodedBatch): Promise<void>;
  /** What the sessions plugin announces after deleting sessions. */
  sessionsDeleted(projectId: number, sessionIds: string[]): Promise<void>;
  /** The processors' runner, for a test to read and write the tables directly. */
  sql: SqlRunner;
}

/** `settings`: the errors plugin's, as `plugins.errors.settings` of the config file gives them. */
export async function createErrorsTestKernel(options: { settings?: Record<string, unknown> } = {}): Promise<ErrorsTestKernel> {
  const processors: IngestProcessor[] = [];
  const config = options.settings ? { config: { plugins: [{ id: 'errors', settings: options.settings }] } } : {};
  const t = await createTestKernel({ plugins: [ingestStandIn({ processors }), sessionsStandIn, errorsPlugin], ...config });
  const ctx = processorContext(t);
  return Object.assign(t, {
    ctx,
    processors,
    async started(s: IngestSession) {
      for (const p of processors) await p.sessionStarted?.(s, ctx);
    },
    async batch(s: IngestSession, b: DecodedBatch) {
      for (const p of processors) await p.batch?.(s, structuredClone(b), ctx);
    },
    sessionsDeleted: (projectId: number, sessionIds: string[]) => ctx.events.publish(sessionsEvents.deleted, { projectId, sessionIds }),
    sql: ctx.sql,
  });
}

/** A V8 stack of the demo shop's checkout bug, thrown from `fn` at `line` of a hashed bundle. */
export function checkoutStack(fn = 'lineTotal', line = 120, bundle = 'app.3f9a1c2b.js'): string {
  return [
    `TypeError: Cannot read properties of undefined (reading 'price')`,
    `    at ${fn} (https://shop.example.test/assets/${bundle}:${line}:33)`,
    `    at Array.map (<anonymous>)`,
    `    at cartTotal (https://shop.example.test/assets/${bundle}:${line + 10}:5)`,
    `    at HTMLButtonElement.onCheckout (https://shop.example.test/assets/${bundle}:${line + 50}:2)`,
  ].join('\n');
}

export function errorEvent(ts: number, overrides: Partial<Extract<TrackerEvent, { type: 'error' }>> = {}): TrackerEvent {
  return {
    type: 'error',
    ts,
    source: 'js_exception',
    name: 'TypeError',
    message: "Cannot read properties of undefined (reading 'price')",
    stack: checkoutStack(),
    ...overrides,
  };
}
