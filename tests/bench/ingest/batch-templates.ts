import { gzipSync } from 'node:zlib';
import { generateRecording } from '../replay/recording-generator.js';

/** The tracker's flush interval: each batch holds this much of a visit. */
export const BATCH_MS = 10_000;

/** A batch as the tracker sends it, minus the session id, which each target's session fills in. */
export interface BatchTemplate {
  /** The batch's JSON without its opening brace. */
  jsonTail: string;
  /** rrweb and semantic events in it. */
  events: number;
}

/** `sessions` busy visits (each its own seed) cut into `batchesPerSession` batches. */
export function batchTemplates(sessions: number, batchesPerSession: number, startTs: number): BatchTemplate[][] {
  return Array.from({ length: sessions }, (_, i) =>
    generateRecording({ startTs, durationMs: batchesPerSession * BATCH_MS, seed: i + 1 }).batches.map((batch) => ({
      jsonTail: JSON.stringify(batch).slice(1),
      events: batch.recording.length + batch.events.length,
    })),
  );
}

/** The gzip body of `template` for session `sessionId`. */
export function batchBody(template: BatchTemplate, sessionId: string): Buffer {
  return gzipSync(`{"sessionId":${JSON.stringify(sessionId)},${template.jsonTail}`);
}
