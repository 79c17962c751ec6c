import { Replayer } from '@rrweb/replay';
import type { eventWithTime } from '@rrweb/types';
import type { RecordingEvent } from '../../shared/messages.js';

/** The part of rrweb's Replayer a look back uses (a fake stands in for it in tests). */
export interface ReviewReplayer {
  iframe: HTMLIFrameElement;
  play(timeOffset?: number): void;
  pause(timeOffset?: number): void;
  getCurrentTime(): number;
  on(event: string, handler: () => void): unknown;
  destroy(): void;
}

export type ReviewReplayerFactory = (events: RecordingEvent[], root: HTMLElement) => ReviewReplayer;

/** rrweb's own Replayer, with the live view's rules: no canvas replay (it would need scripts), nothing focused in the agent's page. */
export const rrwebReviewReplayer: ReviewReplayerFactory = (events, root) =>
  new Replayer(events as unknown as eventWithTime[], { root, UNSAFE_replayCanvas: false, showWarning: false, triggerFocus: false, mouseTail: false, speed: 1 });

/**
 * A look back at what this live view received so far, in the same page: an ordinary (not live)
 * replay of the kept events, beside the live one, which keeps running hidden so "Go live" is
 * instant. Times are the visitor's clock (the events' timestamps). What arrives after the look
 * back began is not in it: going live shows it.
 */
export class ReviewPlayer {
  private readonly replayer: ReviewReplayer;
  private readonly first: number;
  readonly end: number;

  constructor(root: HTMLElement, events: readonly RecordingEvent[], onFinish: () => void, create: ReviewReplayerFactory = rrwebReviewReplayer) {
    const kept = [...events];
    // rrweb refuses fewer than two events; a harmless custom event completes a tiny one.
    if (kept.length < 2) kept.push({ type: 5, timestamp: kept[0]?.timestamp ?? 0, data: { tag: 'cassette.padding', payload: null } } as RecordingEvent);
    this.first = kept[0]!.timestamp;
    this.end = kept[kept.length - 1]!.timestamp;
    this.replayer = create(kept, root);
    this.replayer.on('finish', onFinish);
  }

  /** Shows the page as it was at `at` (clamped to what was received), playing on from there or still. */
  seek(at: number, playing: boolean): void {
    const offset = Math.min(Math.max(at, this.first), this.end) - this.first;
    if (playing) this.replayer.play(offset);
    // A still frame shows that moment included (rrweb applies only the events before its offset).
    else this.replayer.pause(offset + 1);
  }

  /** Where the look back is now, on the visitor's clock. */
  get currentTime(): number {
    return this.first + this.replayer.getCurrentTime();
  }

  get iframe(): HTMLIFrameElement {
    return this.replayer.iframe;
  }

  destroy(): void {
    try {
      this.replayer.destroy();
    } catch {
      // Already gone with its root.
    }
  }
}
