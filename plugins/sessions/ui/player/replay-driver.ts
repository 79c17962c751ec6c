import type { ChunkEvents } from './recording-loader.js';

/** The part of rrweb's Replayer the player uses (a fake stands in for it in tests). */
export interface ReplayerLike {
  iframe: HTMLIFrameElement;
  wrapper: HTMLElement;
  play(timeOffset?: number): void;
  pause(timeOffset?: number): void;
  addEvent(event: ChunkEvents[number]): void;
  getCurrentTime(): number;
  setConfig(config: { speed?: number; skipInactive?: boolean }): void;
  on(event: string, handler: (payload?: unknown) => void): unknown;
  destroy(): void;
}

export interface ReplayerConfig {
  root: HTMLElement;
  speed: number;
  skipInactive: boolean;
}

export type ReplayerFactory = (events: ChunkEvents, config: ReplayerConfig) => ReplayerLike;

/** What the driver needs from the loader. */
export interface ChunkStore {
  readonly chunkCount: number;
  chunkAt(position: number): ChunkEvents | undefined;
  isLoaded(position: number): boolean;
  positionAt(time: number): number;
  snapshotPositionFor(time: number): number;
  firstSnapshotPosition(): number;
}

/** What a still frame adds to its offset so that events stamped at that very moment are shown. */
const STILL_FRAME_INCLUSIVE_MS = 1;

/** The only sandbox the replay iframe may have: same origin for rrweb to draw, never scripts. */
export const REPLAY_SANDBOX = 'allow-same-origin';

export class UnsafeReplayError extends Error {
  constructor(sandbox: string | null) {
    super(`The replay iframe has sandbox="${sandbox ?? ''}" instead of "${REPLAY_SANDBOX}"`);
    this.name = 'UnsafeReplayError';
  }
}

export interface ReplayDriverOptions {
  store: ChunkStore;
  /** RecordingIndex.startedAt: player time 0. */
  startedAt: number;
  root: HTMLElement;
  create: ReplayerFactory;
  /** The replay played its last loaded event. */
  onFinish(): void;
  /** The recorded viewport size, to fit the replay into its area. */
  onResize?(size: { width: number; height: number }): void;
}

/**
 * Drives rrweb's Replayer over a streamed recording. A Replayer plays one contiguous run of
 * chunks that starts with a full snapshot; later chunks are appended in order as they arrive.
 * A seek outside that run (before it, or past a gap) rebuilds the Replayer from the chunk with
 * the last full snapshot before the target, because rrweb cannot take events out of order.
 */
export class ReplayDriver {
  private replayer: ReplayerLike | null = null;
  private base = -1;
  private fedUntil = -1;
  private firstTimestamp = 0;
  private lastTimestamp = 0;
  private playing = false;
  private speed = 1;
  private skipInactive = false;

  constructor(private readonly options: ReplayDriverOptions) {}

  /** A chunk arrived: append it (and any loaded ones after it) when it continues the current run. */
  chunkArrived(position: number): void {
    if (!this.replayer || position !== this.fedUntil + 1) return;
    this.feedFrom(position);
  }

  /** Whether `time` can be shown now without waiting for the loader. */
  canShow(time: number): boolean {
    const { store } = this.options;
    const start = this.startPositionFor(time);
    if (start === -1) return false;
    const target = Math.max(start, store.positionAt(time));
    if (this.replayer && this.base <= start && target <= this.fedUntil) return true;
    for (let i = start; i <= target; i++) if (!store.isLoaded(i)) return false;
    return true;
  }

  play(time: number): void {
    if (!this.ensureFor(time)) return;
    this.playing = true;
    const replayer = this.replayer!;
    replayer.play(this.toOffset(time));
    // rrweb says nothing when asked to play past its last event: nothing is left, so it is the end.
    if (this.options.startedAt + time > this.lastTimestamp) {
      setTimeout(() => {
        if (this.replayer !== replayer || !this.playing) return;
        this.playing = false;
        this.options.onFinish();
      }, 0);
    }
  }

  pause(time: number): void {
    if (!this.ensureFor(time)) {
      this.replayer?.pause();
      this.playing = false;
      return;
    }
    this.playing = false;
    // A still frame shows what happened up to `time`, that moment included. rrweb's pause applies
    // only the events stamped before its offset, so the last event of a recording (the end is its
    // timestamp) and an event a seek lands on exactly would be missing: one millisecond more.
    this.replayer!.pause(this.toOffset(time) + STILL_FRAME_INCLUSIVE_MS);
  }

  /** Player time of the replay's clock, or null before anything is shown. */
  currentTime(): number | null {
    if (!this.replayer) return null;
    return this.replayer.getCurrentTime() + this.firstTimestamp - this.options.startedAt;
  }

  setSpeed(speed: number): void {
    this.speed = speed;
    this.replayer?.setConfig({ speed });
  }

  setSkipInactive(skipInactive: boolean): void {
    this.skipInactive = skipInactive;
    this.replayer?.setConfig({ skipInactive });
  }

  get iframe(): HTMLIFrameElement | null {
    return this.replayer?.iframe ?? null;
  }

  destroy(): void {
    this.playing = false;
    this.replayer?.destroy();
    this.replayer = null;
    this.base = -1;
    this.fedUntil = -1;
  }

  /** The chunk playback of `time` starts from; before the first snapshot, the first snapshot. */
  private startPositionFor(time: number): number {
    const { store } = this.options;
    const at = store.snapshotPositionFor(time);
    return at !== -1 ? at : store.firstSnapshotPosition();
  }

  private ensureFor(time: number): boolean {
    if (!this.canShow(time)) return false;
    const start = this.startPositionFor(time);
    const covered = this.replayer && this.base <= start && Math.max(start, this.options.store.positionAt(time)) <= this.fedUntil;
    if (!covered) this.build(start);
    return true;
  }

  private build(start: number): void {
    const { store } = this.options;
    this.destroy();
    let end = start;
    const events: ChunkEvents = [...(store.chunkAt(start) ?? [])];
    while (end + 1 < store.chunkCount && store.isLoaded(end + 1)) {
      end++;
      events.push(...store.chunkAt(end)!);
    }
    events.sort((a, b) => a.timestamp - b.timestamp);
    // rrweb refuses fewer than two events; a harmless custom event completes a tiny recording.
    if (events.length < 2) events.push({ type: 5, timestamp: events[0]?.timestamp ?? this.options.startedAt, data: { tag: 'cassette.padding', payload: null } });
    const replayer = this.options.create(events, { root: this.options.root, speed: this.speed, skipInactive: this.skipInactive });
    const sandbox = replayer.iframe.getAttribute('sandbox');
    if (sandbox !== REPLAY_SANDBOX) {
      replayer.destroy();
      throw new UnsafeReplayError(sandbox);
    }
    this.replayer = replayer;
    this.base = start;
    this.fedUntil = end;
    this.firstTimestamp = events[0]!.timestamp;
    this.lastTimestamp = events[events.length - 1]!.timestamp;
    replayer.on('finish', () => {
      if (this.replayer !== replayer || !this.playing) return;
      this.playing = false;
      this.options.onFinish();
    });
    replayer.on('resize', (size) => {
      if (this.replayer === replayer && size && typeof size === 'object') this.options.onResize?.(size as { width: number; height: number });
    });
  }

  private feedFrom(position: number): void {
    const { store } = this.options;
    let next = position;
    while (next < store.chunkCount && store.isLoaded(next)) {
      for (const event of store.chunkAt(next)!) {
        this.replayer!.addEvent(event);
        this.lastTimestamp = Math.max(this.lastTimestamp, event.timestamp);
      }
      this.fedUntil = next;
      next++;
    }
  }

  private toOffset(time: number): number {
    return Math.max(0, this.options.startedAt + time - this.firstTimestamp);
  }
}
