// The stored recording as the player streams it.

/** `GET /api/{projectId}/sessions2/{sessionId}/recording`: the stored recording, chunk by chunk. */
export interface RecordingIndex {
  /** Epoch ms of the session start (time 0 of the player). */
  startedAt: number;
  chunks: RecordingChunkInfo[];
}
export interface RecordingChunkInfo {
  seq: number;
  pageNo: number;
  /** Epoch ms of the first and last DOM event in the chunk (null when it holds none). */
  firstTimestamp: number | null;
  lastTimestamp: number | null;
  /** Holds a full snapshot: playback (and a seek) can start here. */
  hasFullSnapshot: boolean;
  bytes: number;
}
/** `GET /api/{projectId}/sessions2/{sessionId}/recording/{seq}`: one chunk's rrweb events, sanitized, on the server clock. */
export interface RecordingChunk {
  seq: number;
  events: Array<{ type: number; timestamp: number; data: unknown; delay?: number }>;
}

