import type { ServiceFactory } from '@cassette/plugin-sdk/server';
import { ingestServices, type RecordingsService } from '../api.js';
import { batchesOf, deleteSessionData, readStoredBatch, findBatch } from './batch-store.js';
import { ingestRuntimeRef, type IngestRuntime } from './runtime.js';
import { isSessionId } from './session-id.js';

export function createRecordingsService(rt: IngestRuntime): RecordingsService {
  const { db, blobs } = rt.deps;
  return {
    async listBatches(projectId, sessionId) {
      if (!isSessionId(sessionId)) return [];
      return (await batchesOf(db, projectId, sessionId)).map((b) => ({ seq: b.seq, pageNo: b.pageNo, receivedAt: b.receivedAt, bytes: b.storedBytes }));
    },
    async readBatch(projectId, sessionId, seq) {
      if (!isSessionId(sessionId) || !Number.isSafeInteger(seq)) return null;
      const row = await findBatch(db, sessionId, seq);
      if (!row || row.projectId !== projectId) return null;
      return readStoredBatch(blobs, row);
    },
    async deleteSessions(projectId, sessionIds) {
      await deleteSessionData(db, blobs, projectId, sessionIds);
    },
  };
}

const serviceDeps = { runtime: ingestRuntimeRef };

/** `ingestServices.recordings`, which other plugins use to read and delete stored recordings. */
export const recordingsService: ServiceFactory<RecordingsService, typeof serviceDeps> = {
  ref: ingestServices.recordings,
  deps: serviceDeps,
  create: ({ runtime }) => createRecordingsService(runtime),
};
