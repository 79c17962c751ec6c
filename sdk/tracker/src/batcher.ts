import type { RecordingEvent, TrackerEvent } from './protocol';

/**
 * A batch ready to send. The recording and events are kept as JSON text: each event is
 * serialised once when it arrives, so sealing is a cheap join and sizes are known exactly.
 */
export interface SealedBatch {
  sessionId: string;
  seq: number;
  sentAt: number;
  pageNo: number;
  recordingJson: string;
  eventsJson: string;
  recordingCount: number;
  eventCount: number;
  final: boolean;
}

export function batchBody(b: SealedBatch): string {
  return (
    `{"sessionId":${JSON.stringify(b.sessionId)},"seq":${b.seq},"sentAt":${b.sentAt},"pageNo":${b.pageNo},` +
    `"recording":${b.recordingJson},"events":${b.eventsJson}${b.final ? ',"final":true' : ''}}`
  );
}

export function batchBytes(b: SealedBatch): number {
  // JSON text is mostly ASCII; length is a close, cheap estimate of the byte size.
  return b.recordingJson.length + b.eventsJson.length + 120;
}

function safeStringify(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

export interface BatcherOptions {
  /** Seal as soon as the buffered JSON reaches this many characters (adjustable later). */
  flushBytes: number;
  /** Called when the buffer grows past `flushBytes`, so the owner seals without waiting. */
  onFull: () => void;
}

/** Buffers events of the current page and seals them into numbered batches. */
export class Batcher {
  private recording: string[] = [];
  private events: string[] = [];
  private bytes = 0;
  private fullSignalled = false;

  private flushBytes: number;

  constructor(private readonly opts: BatcherOptions) {
    this.flushBytes = opts.flushBytes;
  }

  /** The server's batch size limit is only known after start. */
  setFlushBytes(bytes: number): void {
    this.flushBytes = Math.max(1_024, bytes);
  }

  get bufferedBytes(): number {
    return this.bytes;
  }

  get isEmpty(): boolean {
    return this.recording.length === 0 && this.events.length === 0;
  }

  addRecording(event: RecordingEvent): void {
    const json = safeStringify(event);
    if (json) this.push(this.recording, json);
  }

  addEvent(event: TrackerEvent): void {
    const json = safeStringify(event);
    if (json) this.push(this.events, json);
  }

  private push(into: string[], json: string): void {
    into.push(json);
    this.bytes += json.length + 1;
    if (this.bytes >= this.flushBytes && !this.fullSignalled) {
      this.fullSignalled = true;
      this.opts.onFull();
    }
  }

  /** Drops whatever is buffered (a session that will not be sent). */
  clear(): void {
    this.recording = [];
    this.events = [];
    this.bytes = 0;
    this.fullSignalled = false;
  }

  /** Empties the buffer into a batch; null when there is nothing to send (unless it is the final one). */
  seal(meta: { sessionId: string; seq: number; pageNo: number; now: number; final?: boolean }): SealedBatch | null {
    if (this.isEmpty && !meta.final) return null;
    const batch: SealedBatch = {
      sessionId: meta.sessionId,
      seq: meta.seq,
      pageNo: meta.pageNo,
      sentAt: meta.now,
      recordingJson: `[${this.recording.join(',')}]`,
      eventsJson: `[${this.events.join(',')}]`,
      recordingCount: this.recording.length,
      eventCount: this.events.length,
      final: !!meta.final,
    };
    this.clear();
    return batch;
  }
}
