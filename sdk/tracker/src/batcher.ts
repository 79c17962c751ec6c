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
  /** Most events (recording and semantic together) one batch may hold (adjustable later). */
  maxEvents?: number;
  /** Called when the buffer grows past `flushBytes` or `maxEvents`, so the owner seals without waiting. */
  onFull: () => void;
}

/** A buffered event: its JSON, and its time, by which a batch cut from a big buffer takes the oldest first. */
interface Buffered {
  json: string;
  ts: number;
}

const timeOf = (ts: unknown) => (typeof ts === 'number' && Number.isFinite(ts) ? ts : 0);

/** Buffers events of the current page and seals them into numbered batches. */
export class Batcher {
  private recording: Buffered[] = [];
  private events: Buffered[] = [];
  private bytes = 0;
  private fullSignalled = false;

  private flushBytes: number;
  private maxEvents: number;

  constructor(private readonly opts: BatcherOptions) {
    this.flushBytes = opts.flushBytes;
    this.maxEvents = opts.maxEvents ?? Infinity;
  }

  /** The server's batch size limit is only known after start. */
  setFlushBytes(bytes: number): void {
    this.flushBytes = Math.max(1_024, bytes);
  }

  /** The server's limit on events per batch is only known after start. */
  setMaxEvents(events: number): void {
    this.maxEvents = Math.max(1, Math.floor(events));
  }

  get bufferedBytes(): number {
    return this.bytes;
  }

  get bufferedEvents(): number {
    return this.recording.length + this.events.length;
  }

  get isEmpty(): boolean {
    return this.bufferedEvents === 0;
  }

  /** True when one batch can take everything buffered (a burst may need several). */
  get fitsOneBatch(): boolean {
    return this.bufferedEvents <= this.maxEvents;
  }

  addRecording(event: RecordingEvent): void {
    const json = safeStringify(event);
    if (json) this.push(this.recording, { json, ts: timeOf(event.timestamp) });
  }

  addEvent(event: TrackerEvent): void {
    const json = safeStringify(event);
    if (json) this.push(this.events, { json, ts: timeOf(event.ts) });
  }

  private push(into: Buffered[], item: Buffered): void {
    into.push(item);
    this.bytes += item.json.length + 1;
    if ((this.bytes >= this.flushBytes || this.bufferedEvents >= this.maxEvents) && !this.fullSignalled) {
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

  /**
   * Empties the buffer into a batch; null when there is nothing to send (unless it is the final
   * one). Past `maxEvents`, the batch takes the oldest events of both kinds, in time order, and
   * the rest stays buffered for the next batch.
   */
  seal(meta: { sessionId: string; seq: number; pageNo: number; now: number; final?: boolean }): SealedBatch | null {
    if (this.isEmpty && !meta.final) return null;
    let r = this.recording.length;
    let e = this.events.length;
    if (r + e > this.maxEvents) {
      r = 0;
      e = 0;
      while (r + e < this.maxEvents) {
        // At the same millisecond the semantic event goes first: a click and the mutation it caused often share it.
        const takeEvent = e < this.events.length && (r >= this.recording.length || this.events[e]!.ts <= this.recording[r]!.ts);
        if (takeEvent) e++;
        else r++;
      }
    }
    const recording = this.recording.splice(0, r);
    const events = this.events.splice(0, e);
    const batch: SealedBatch = {
      sessionId: meta.sessionId,
      seq: meta.seq,
      pageNo: meta.pageNo,
      sentAt: meta.now,
      recordingJson: `[${recording.map((x) => x.json).join(',')}]`,
      eventsJson: `[${events.map((x) => x.json).join(',')}]`,
      recordingCount: recording.length,
      eventCount: events.length,
      final: !!meta.final,
    };
    this.bytes = 0;
    for (const x of this.recording) this.bytes += x.json.length + 1;
    for (const x of this.events) this.bytes += x.json.length + 1;
    this.fullSignalled = false;
    return batch;
  }
}
