import { Replayer } from '@rrweb/replay';
import type { eventWithTime } from '@rrweb/types';
import type { RecordingEvent } from '../../shared/messages.js';

/** The part of rrweb's Replayer the live view uses (a fake stands in for it in tests). */
export interface LiveReplayer {
  iframe: HTMLIFrameElement;
  startLive(baselineTime: number): void;
  addEvent(event: eventWithTime): void;
  getMirror(): { getId(node: Node): number };
  enableInteract(): void;
  disableInteract(): void;
  destroy(): void;
}

export type LiveReplayerFactory = (root: HTMLElement) => LiveReplayer;

export const rrwebLiveReplayer: LiveReplayerFactory = (root) =>
  new Replayer([], { root, liveMode: true, UNSAFE_replayCanvas: false, showWarning: false, triggerFocus: false, mouseTail: false }) as unknown as LiveReplayer;

/** rrweb's Meta and FullSnapshot: a live replay can start at a Meta followed by its snapshot. */
const META = 4;
const FULL_SNAPSHOT = 2;

/**
 * rrweb's Replayer in live mode: no end, each event shown as it comes, on a clock started at
 * the first snapshot's time (the visitor's clock may differ from the agent's). Like the player,
 * it never runs recorded code: no canvas replay (it would need scripts in the iframe), and the
 * iframe rrweb makes is sandboxed without `allow-scripts`. Everything received from the first
 * snapshot on is kept, so the agent can look back at this watch from its start (review-player.ts).
 */
export class LivePlayer {
  private replayer: LiveReplayer | null = null;
  private pending: RecordingEvent[] = [];
  /** Every event received (prepared), from the Meta the replay started at: what the agent can look back at. */
  readonly received: RecordingEvent[] = [];

  /** `prepare` makes each message's events safe and points their URLs at the asset proxy (live-preparation.ts). */
  constructor(
    private readonly root: HTMLElement,
    private readonly prepare: (events: RecordingEvent[]) => RecordingEvent[] = (events) => events,
    private readonly create: LiveReplayerFactory = rrwebLiveReplayer,
  ) {}

  /** Timestamps (the visitor's clock) of the first and the newest event the agent can look back at. */
  get span(): { start: number; end: number } | null {
    const first = this.received[0];
    const last = this.received[this.received.length - 1];
    return this.started && first && last ? { start: first.timestamp, end: Math.max(first.timestamp, last.timestamp) } : null;
  }

  get started(): boolean {
    return this.replayer !== null;
  }

  /** The replay's iframe, once started (control maps clicks in it to the visitor's nodes). */
  get iframe(): HTMLIFrameElement | null {
    return this.replayer?.iframe ?? null;
  }

  /** The recorded node id of an element of the replay (0 when it is not a recorded node). */
  nodeIdOf(node: Node): number {
    const id = this.replayer?.getMirror().getId(node as never) ?? -1;
    return id > 0 ? id : 0;
  }

  /** Lets the agent's pointer reach the replay (while in control) or not. */
  interact(on: boolean): void {
    if (on) this.replayer?.enableInteract();
    else this.replayer?.disableInteract();
  }

  add(events: RecordingEvent[]): void {
    for (const event of this.prepare(events)) {
      if (this.replayer) {
        this.received.push(event);
        this.replayer.addEvent(event as unknown as eventWithTime);
        continue;
      }
      this.pending.push(event);
      if (event.type === FULL_SNAPSHOT) this.start();
    }
  }

  private start(): void {
    // From the last Meta before the snapshot: what came earlier cannot be rebuilt.
    let from = this.pending.length - 1;
    while (from > 0 && this.pending[from]!.type !== META) from--;
    const first = this.pending.slice(Math.max(0, from));
    this.pending = [];
    this.received.push(...first);
    const replayer = this.create(this.root);
    this.replayer = replayer;
    replayer.startLive(first[0]!.timestamp);
    for (const event of first) replayer.addEvent(event as unknown as eventWithTime);
  }

  destroy(): void {
    try {
      this.replayer?.destroy();
    } catch {
      // Already gone with its root.
    }
    this.replayer = null;
  }
}
