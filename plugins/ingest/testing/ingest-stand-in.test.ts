import { afterAll, describe, expect, it } from 'vitest';
import { definePlugin, sql } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel } from '@cassette/plugin-sdk/testing';
import { ingestExtensionPoints, ingestServices, type IngestProcessor, type RecordingsService } from '../api.js';
import { ingestStandIn, processorContext } from './ingest-stand-in.js';
import { decodedBatch, ingestSession } from './session-fixtures.js';

const contributing = definePlugin({
  id: 'contributor',
  register(r) {
    r.extend(ingestExtensionPoints.processors, { id: 'late', batch: async () => undefined });
    r.extend(ingestExtensionPoints.processors, { id: 'early', order: 10, sessionStarted: async () => undefined });
  },
});

describe('ingest stand-in', () => {
  let t: TestKernel | undefined;
  afterAll(async () => t?.close());

  it('hands the contributed processors over in ingest order and provides the recordings it is given', async () => {
    const processors: IngestProcessor[] = [];
    const recordings: RecordingsService = { listBatches: async () => [], readBatch: async () => null, deleteSessions: async () => undefined };
    t = await createTestKernel({ plugins: [ingestStandIn({ processors, recordings }), contributing] });
    expect(processors.map((p) => p.id)).toEqual(['early', 'late']);
    expect(t.kernel.resolve(ingestServices.recordings)).toBe(recordings);
    expect(await processorContext(t).sql<{ one: number }>(sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });
});

describe('session fixtures', () => {
  it('make sessions with ingest-shaped ids and batches a minute apart', () => {
    const a = ingestSession(1, 2, { startedAt: 1_700_000_000_000 });
    const b = ingestSession(1, 2, { startedAt: 1_700_000_000_000 });
    expect(a.sessionId).toMatch(/^1700000000000[0-9]{6}$/);
    expect(b.sessionId).not.toBe(a.sessionId);
    expect(decodedBatch(a, 2, []).receivedAt).toBe(a.startedAt + 3 * 60_000);
  });
});
