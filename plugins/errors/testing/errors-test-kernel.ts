// Test support: the errors plugin boots next to ingest (whose processors it extends) and the
// sessions plugin (whose deletions it follows). Plugin tests may import no other plugin's
// server code, so two small stand-ins play their parts: one owns ingest's extension point and
// hands the contributed processors to the test, the other only exists. The suite under tests/
// boots the real ones.
import { coreServices, definePlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import { ingestExtensionPoints, type DecodedBatch, type IngestProcessor, type IngestSession, type ProcessorContext, type TrackerEvent } from '@cassette/plugin-ingest/api';
import { sessionsEvents } from '@cassette/plugin-sessions/api';
import errorsPlugin from '../server.js';

function ingestStandIn(processors: IngestProcessor[]) {
  return definePlugin({
    id: 'ingest',
    register(r) {
      r.extensionPoint({ ref: ingestExtensionPoints.processors });
    },
    start({ contributions }) {
      const contributed = contributions(ingestExtensionPoints.processors).map((c) => c.value);
      processors.push(...contributed.sort((a, b) => (a.order ?? 100) - (b.order ?? 100) || a.id.localeCompare(b.id)));
    },
  });
}

const sessionsStandIn = definePlugin({ id: 'sessions', register() {} });

export interface ErrorsTestKernel extends TestKernel {
  ctx: ProcessorContext;
  processors: IngestProcessor[];
  started(session: IngestSession): Promise<void>;
  batch(session: IngestSession, batch: DecodedBatch): Promise<void>;
  /** What the sessions plugin announces after deleting sessions. */
  sessionsDeleted(projectId: number, sessionIds: string[]): Promise<void>;
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export async function createErrorsTestKernel(): Promise<ErrorsTestKernel> {
  const processors: IngestProcessor[] = [];
  const t = await createTestKernel({ plugins: [ingestStandIn(processors), sessionsStandIn, errorsPlugin] });
  const ctx: ProcessorContext = {
    db: t.kernel.resolve(coreServices.database),
    events: t.kernel.resolve(coreServices.events),
    log: t.kernel.resolve(coreServices.logger),
  };
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
    sql: <T>(text: string, params: unknown[] = []) => ctx.db.query<T>(text, params),
  });
}

let counter = 0;

/** A session id as ingest makes them: the start in ms, then 6 digits. */
export function sessionIdAt(startedAt: number): string {
  counter += 1;
  return `${Math.floor(startedAt)}${String(counter % 1_000_000).padStart(6, '0')}`;
}

export function ingestSession(projectId: number, tenantId: number, overrides: Partial<IngestSession> = {}): IngestSession {
  const startedAt = overrides.startedAt ?? Date.now() - 3_600_000;
  return {
    sessionId: sessionIdAt(startedAt),
    projectId,
    tenantId,
    startedAt,
    trackerVersion: '1.0.0',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    browser: 'Chrome',
    browserVersion: '156.0.0.0',
    os: 'Linux',
    osVersion: null,
    device: null,
    deviceType: 'desktop',
    country: 'FR',
    url: 'https://shop.example.test/products?id=1',
    referrer: '',
    title: 'Products',
    timezone: 'Europe/Paris',
    language: 'fr-FR',
    screen: { width: 1920, height: 1080 },
    viewport: { width: 1280, height: 720 },
    userId: null,
    userAnonymousId: null,
    userUuid: null,
    metadata: {},
    revId: 'rev-42',
    ...overrides,
  };
}

export function decodedBatch(session: IngestSession, seq: number, events: TrackerEvent[], overrides: Partial<DecodedBatch> = {}): DecodedBatch {
  return {
    sessionId: session.sessionId,
    projectId: session.projectId,
    seq,
    pageNo: 0,
    receivedAt: session.startedAt + (seq + 1) * 60_000,
    recording: [],
    events,
    final: false,
    ...overrides,
  };
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
