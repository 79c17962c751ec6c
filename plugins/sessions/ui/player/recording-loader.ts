import type { RecordingChunk, RecordingChunkInfo, RecordingIndex } from '../../shared/recording.js';
import type { LoadProgress, TimeRange } from './player.machine.js';

/** How many chunk downloads run at once: enough to overlap latency, few enough to keep order. */
export const CHUNK_CONCURRENCY = 2;

export type ChunkEvents = RecordingChunk['events'];

export interface RecordingSource {
  fetchIndex(): Promise<RecordingIndex>;
  fetchChunk(seq: number): Promise<RecordingChunk>;
}

export interface RecordingLoaderOptions {
  source: RecordingSource;
  concurrency?: number;
  /** Makes a chunk's events safe before anything else sees them (the recording is untrusted). */
  prepare?(events: ChunkEvents, info: RecordingChunkInfo, index: RecordingIndex): ChunkEvents;
  onIndex?(index: RecordingIndex): void;
  /** A chunk arrived (chunks may arrive out of order). */
  onChunk?(position: number, events: ChunkEvents): void;
  onProgress?(progress: LoadProgress): void;
  onError?(error: unknown): void;
}

interface ChunkTimes {
  /** Player time (ms since RecordingIndex.startedAt) of the first and last DOM event. */
  first: number;
  last: number;
}

/**
 * Streams a recording: the index, then chunks in order with limited concurrency. Chunks are
 * kept once fetched; a seek reorders what is still to fetch so the needed range comes first
 * (from the last full snapshot before the target), then the rest.
 */
export class RecordingLoader {
  index: RecordingIndex | null = null;
  private readonly concurrency: number;
  private readonly loaded = new Map<number, ChunkEvents>();
  private readonly failed = new Set<number>();
  private queue: number[] = [];
  private inFlight = new Set<number>();
  private times: ChunkTimes[] = [];
  private stopped = false;
  /** The index was read again after the last chunk and held nothing new: the recording is whole. */
  private settled = false;
  private refreshing = false;

  constructor(private readonly options: RecordingLoaderOptions) {
    this.concurrency = Math.max(1, options.concurrency ?? CHUNK_CONCURRENCY);
  }

  async start(): Promise<void> {
    let index: RecordingIndex;
    try {
      index = await this.options.source.fetchIndex();
    } catch (error) {
      if (!this.stopped) this.options.onError?.(error);
      return;
    }
    if (this.stopped) return;
    this.index = { ...index, chunks: [...index.chunks].sort((a, b) => a.seq - b.seq) };
    this.times = chunkTimes(this.index);
    this.queue = this.index.chunks.map((_, i) => i);
    this.options.onIndex?.(this.index);
    this.emitProgress();
    this.pump();
  }

  stop(): void {
    this.stopped = true;
  }

  /** Fetches what is needed to show `time` before anything else. */
  prioritize(time: number): void {
    if (!this.index || this.queue.length === 0) return;
    const from = this.snapshotPositionFor(time);
    const start = from === -1 ? this.positionAt(time) : from;
    const ahead = this.queue.filter((i) => i >= start).sort((a, b) => a - b);
    const behind = this.queue.filter((i) => i < start).sort((a, b) => a - b);
    this.queue = [...ahead, ...behind];
    this.pump();
  }

  /** Fetches again the chunks that failed. */
  retry(): void {
    if (!this.index) {
      void this.start();
      return;
    }
    const again = [...this.failed].sort((a, b) => a - b);
    this.failed.clear();
    this.queue = [...again, ...this.queue.filter((i) => !again.includes(i))];
    this.pump();
  }

  /** The prepared events of a chunk (by position in the index), once loaded. */
  chunkAt(position: number): ChunkEvents | undefined {
    return this.loaded.get(position);
  }

  isLoaded(position: number): boolean {
    return this.loaded.has(position);
  }

  get chunkCount(): number {
    return this.index?.chunks.length ?? 0;
  }

  /** Some chunk failed and waits for `retry()`. */
  get hasFailures(): boolean {
    return this.failed.size > 0;
  }

  get complete(): boolean {
    return this.index !== null && this.settled && this.loaded.size === this.index.chunks.length;
  }

  /** The last chunk whose first event is at or before `time` (0 before the first). */
  positionAt(time: number): number {
    let position = 0;
    for (let i = 0; i < this.times.length; i++) if (this.times[i]!.first <= time) position = i;
    return position;
  }

  /** The chunk with the last full snapshot at or before `time`, where playback of `time` starts; -1 if none. */
  snapshotPositionFor(time: number): number {
    if (!this.index) return -1;
    for (let i = this.positionAt(time); i >= 0; i--) if (this.index.chunks[i]!.hasFullSnapshot) return i;
    return -1;
  }

  /** The first chunk holding a full snapshot; -1 if none. */
  firstSnapshotPosition(): number {
    return this.index?.chunks.findIndex((c) => c.hasFullSnapshot) ?? -1;
  }

  /** Player time of a chunk's first event. */
  chunkStart(position: number): number {
    return this.times[position]?.first ?? 0;
  }

  progress(): LoadProgress {
    const playable: TimeRange[] = [];
    const loaded: TimeRange[] = [];
    let lastEventTime = 0;
    const chunks = this.index?.chunks ?? [];
    let run: { start: number; playableStart: number | null } | null = null;
    for (let i = 0; i <= chunks.length; i++) {
      const isIn = i < chunks.length && this.loaded.has(i);
      if (isIn) {
        lastEventTime = Math.max(lastEventTime, this.times[i]!.last);
        if (!run) run = { start: i === 0 ? 0 : this.times[i]!.first, playableStart: null };
        if (run.playableStart === null && chunks[i]!.hasFullSnapshot) run.playableStart = i === 0 ? 0 : this.times[i]!.first;
        continue;
      }
      if (run) {
        const end = this.times[i - 1]!.last;
        loaded.push({ start: run.start, end });
        // A run holding the last chunk plays to the end, whatever the session's duration.
        if (run.playableStart !== null) playable.push({ start: run.playableStart, end: i === chunks.length && this.settled ? Number.POSITIVE_INFINITY : end });
        run = null;
      }
    }
    return { playable, loaded, complete: this.complete, lastEventTime };
  }

  private pump(): void {
    if (this.stopped || !this.index) return;
    while (this.inFlight.size < this.concurrency && this.queue.length > 0) {
      const position = this.queue.shift()!;
      if (this.loaded.has(position) || this.inFlight.has(position)) continue;
      void this.fetch(position);
    }
    if (this.queue.length === 0 && this.inFlight.size === 0 && this.failed.size === 0 && !this.settled && !this.refreshing) void this.refresh();
  }

  /**
   * Reads the index again once every known chunk is in: the server indexes unprocessed batches
   * a few at a time, and a session may still be recording. New chunks (later seqs) are appended.
   */
  private async refresh(): Promise<void> {
    const index = this.index!;
    this.refreshing = true;
    try {
      const next = await this.options.source.fetchIndex();
      if (this.stopped) return;
      const lastSeq = index.chunks.reduce((max, c) => Math.max(max, c.seq), Number.NEGATIVE_INFINITY);
      const added = next.chunks.filter((c) => c.seq > lastSeq).sort((a, b) => a.seq - b.seq);
      if (added.length === 0) {
        this.settled = true;
      } else {
        const from = index.chunks.length;
        index.chunks.push(...added);
        this.times = chunkTimes(index);
        this.queue.push(...added.map((_, i) => from + i));
      }
    } catch {
      // What is loaded plays; a failed re-read is no reason for an error screen.
      if (this.stopped) return;
      this.settled = true;
    } finally {
      this.refreshing = false;
    }
    this.emitProgress();
    this.pump();
  }

  private async fetch(position: number): Promise<void> {
    const index = this.index!;
    const info = index.chunks[position]!;
    this.inFlight.add(position);
    try {
      const chunk = await this.options.source.fetchChunk(info.seq);
      if (this.stopped) return;
      const events = [...(chunk.events ?? [])].sort((a, b) => a.timestamp - b.timestamp);
      const prepared = this.options.prepare ? this.options.prepare(events, info, index) : events;
      this.loaded.set(position, prepared);
      this.inFlight.delete(position);
      this.options.onChunk?.(position, prepared);
      this.emitProgress();
    } catch (error) {
      this.inFlight.delete(position);
      if (this.stopped) return;
      this.failed.add(position);
      this.options.onError?.(error);
      return;
    }
    this.pump();
  }

  private emitProgress(): void {
    this.options.onProgress?.(this.progress());
  }
}

/** Player times of each chunk; a chunk without DOM events sits where the previous one ended. */
function chunkTimes(index: RecordingIndex): ChunkTimes[] {
  const out: ChunkTimes[] = [];
  let previous = 0;
  for (const chunk of index.chunks) {
    const first = chunk.firstTimestamp !== null ? chunk.firstTimestamp - index.startedAt : previous;
    const last = chunk.lastTimestamp !== null ? chunk.lastTimestamp - index.startedAt : first;
    out.push({ first, last: Math.max(first, last) });
    previous = Math.max(first, last);
  }
  return out;
}

/** Milliseconds from the session start to the last DOM event any chunk of the index holds. */
export function recordingLength(index: RecordingIndex): number {
  let last = index.startedAt;
  for (const chunk of index.chunks) if (chunk.lastTimestamp !== null && chunk.lastTimestamp > last) last = chunk.lastTimestamp;
  return last - index.startedAt;
}
