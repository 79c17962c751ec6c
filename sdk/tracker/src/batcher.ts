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

/** Bounds of the buffer while no session can take its batches (before the session starts). */
export interface BufferCap {
  /** JSON characters, recording and events together. */
  maxBytes: number;
  /** Semantic events. */
  maxEvents: number;
}

/** Kept when the capped buffer is full: the page visit and the errors, the reason to record a page load. */
const KEPT = /^\{"type":"(error|page)"/;

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
  private cap: BufferCap | null = null;
  /** Events dropped to stay within the cap. */
  dropped = 0;
  /** The DOM recording went over the cap and was dropped: it needs a fresh full snapshot. */
  recordingDropped = false;

  private flushBytes: number;
  private maxEvents: number;

  constructor(private readonly opts: BatcherOptions) {
    this.flushBytes = opts.flushBytes;
    this.maxEvents = opts.maxEvents ?? Infinity;
  }

  /** The server's batch size limit is only known after start. */
  setFlushBytes(bytes: number): void {
    this.flushBytes = Math.max(1_024, bytes);
    // The buffer may have passed the new threshold while nothing could be sealed.
    this.fullSignalled = false;
    this.signalIfFull();
  }

  /**
   * Bounds the buffer (null: unbounded again, batches are sealed as it fills). Over the bound,
   * the DOM recording goes first and whole (a fresh full snapshot replaces it), then the oldest
   * events other than errors and page visits, and last the newest errors: the first error of a
   * page is the one that explains it.
   */
  setCap(cap: BufferCap | null): void {
    this.cap = cap;
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

  /** Returns the event's JSON when it was kept. */
  addRecording(event: RecordingEvent): string | undefined {
    // Incremental DOM changes are worthless without the snapshot they apply to.
    if (this.cap && this.recordingDropped) return;
    const json = safeStringify(event);
    if (json) this.push(this.recording, { json, ts: timeOf(event.timestamp) });
    return json;
  }

  /** `first`: before every buffered event (the page visit, known in full only later). */
  addEvent(event: TrackerEvent, first = false): void {
    const json = safeStringify(event);
    if (json) this.push(this.events, { json, ts: timeOf(event.ts) }, first);
  }

  private push(into: Buffered[], item: Buffered, first = false): void {
    if (first) into.unshift(item);
    else into.push(item);
    this.bytes += item.json.length + 1;
    if (this.cap) this.enforceCap(this.cap);
    else this.signalIfFull();
  }

  private signalIfFull(): void {
    if ((this.bytes >= this.flushBytes || this.bufferedEvents >= this.maxEvents) && !this.fullSignalled) {
      this.fullSignalled = true;
      this.opts.onFull();
    }
  }

  private enforceCap(cap: BufferCap): void {
    if (this.bytes > cap.maxBytes && this.recording.length) {
      this.dropped += this.recording.length;
      this.dropRecording();
    }
    while (this.events.length && (this.events.length > cap.maxEvents || this.bytes > cap.maxBytes)) {
      const noise = this.events.findIndex((item) => !KEPT.test(item.json));
      const [victim] = this.events.splice(noise < 0 ? this.events.length - 1 : noise, 1);
      this.bytes -= victim!.json.length + 1;
      this.dropped++;
    }
  }

  /** Drops the buffered DOM recording (recorded under rules that turned out too lax, or over the cap). */
  dropRecording(): void {
    for (const item of this.recording) this.bytes -= item.json.length + 1;
    this.recording = [];
    this.recordingDropped = true;
  }

  /** Rewrites each buffered event (null drops it): re-masking under rules that came later. */
  rewriteEvents(rewrite: (event: TrackerEvent) => TrackerEvent | null): void {
    const events = this.events;
    this.events = [];
    this.bytes = this.recording.reduce((n, item) => n + item.json.length + 1, 0);
    for (const item of events) {
      const event = rewrite(JSON.parse(item.json) as TrackerEvent);
      if (event) this.addEvent(event);
    }
  }

  /** Drops whatever is buffered (a session that will not be sent). */
  clear(): void {
    this.recording = [];
    this.events = [];
    this.bytes = 0;
    this.fullSignalled = false;
    this.recordingDropped = false;
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
    this.recordingDropped = false;
    return batch;
  }
}
