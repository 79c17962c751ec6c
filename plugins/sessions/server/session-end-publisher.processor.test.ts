import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecodedBatch, IngestSession, SessionEnd } from '@cassette/plugin-ingest/api';
import { sessionsEvents } from '../api.js';
import { createSessionsTestKernel, decodedBatch, ingestSession, type SessionsTestKernel } from '../testing/ingest-stand-in.js';

const T0 = Date.UTC(2026, 10, 20, 10, 0, 0);

describe('the end event', () => {
  let t: SessionsTestKernel;
  let projectId: number;
  let tenantId: number;
  const ended: { sessionId: string; issueTypes: string[] }[] = [];

  beforeAll(async () => {
    t = await createSessionsTestKernel();
    ({ projectId, tenantId } = await t.createTenant());
    const bus = t.ctx.events as unknown as { subscribe(plugin: string, e: typeof sessionsEvents.ended, h: (p: { sessionId: string; issueTypes: string[] }) => Promise<void>): void };
    bus.subscribe('test', sessionsEvents.ended, async (payload) => void ended.push(payload));
  });
  afterAll(async () => t?.close());

  // Every processor the plugin contributes, in ingest's order, as ingest's job calls them.
  const start = async (s: IngestSession) => {
    for (const p of t.state.processors) await p.sessionStarted?.(s, t.ctx);
  };
  const feed = async (s: IngestSession, b: DecodedBatch) => {
    for (const p of t.state.processors) await p.batch?.(s, b, t.ctx);
  };
  const end = async (s: IngestSession, e: SessionEnd) => {
    for (const p of t.state.processors) await p.sessionEnded?.(s, e, t.ctx);
  };

  it('goes out after the issues decided at the end, and carries them', async () => {
    const s = ingestSession(projectId, tenantId, { startedAt: T0 });
    await start(s);
    await feed(
      s,
      decodedBatch(s, 0, [
        { type: 'page', ts: T0 + 10, url: 'https://shop.example.test/', referrer: '', title: 'Shop' },
        { type: 'error', ts: T0 + 1_000, source: 'js_exception', name: 'TypeError', message: 'cart is undefined' },
      ]),
    );
    // The page died with the error: nothing after it, and the session ends a second later.
    await end(s, { endedAt: T0 + 2_000, batches: 1, reason: 'final' });
    const mine = ended.filter((e) => e.sessionId === s.sessionId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.issueTypes).toEqual(expect.arrayContaining(['crash', 'js_exception']));
  });
});
