import { describe, expect, it, vi } from 'vitest';
import type { RecordingEvent } from '../../shared/messages.js';
import { ReviewPlayer, type ReviewReplayer } from './review-player.js';

const T0 = 1_700_000_000_000;
const events = [
  { type: 4, timestamp: T0, data: { href: 'https://shop.test/' } },
  { type: 2, timestamp: T0 + 10, data: {} },
  { type: 3, timestamp: T0 + 30_000, data: {} },
] as unknown as RecordingEvent[];

function fakeReplayer() {
  const replayer = { iframe: {} as HTMLIFrameElement, play: vi.fn(), pause: vi.fn(), getCurrentTime: vi.fn(() => 12_000), on: vi.fn(), destroy: vi.fn() };
  return { replayer, create: vi.fn((_events: RecordingEvent[], _root: HTMLElement) => replayer as ReviewReplayer) };
}

describe('looking back within the live view', () => {
  it('replays what was received, at the moment asked, playing or still, on the visitor’s clock', () => {
    const { replayer, create } = fakeReplayer();
    const onFinish = vi.fn();
    const review = new ReviewPlayer({} as HTMLElement, events, onFinish, create);
    expect(create.mock.calls[0]![0]).toEqual(events);
    review.seek(T0 + 20_000, true);
    expect(replayer.play).toHaveBeenLastCalledWith(20_000);
    review.seek(T0 + 5_000, false);
    expect(replayer.pause).toHaveBeenLastCalledWith(5_001);
    // Clamped to what it has.
    review.seek(T0 + 99_000, true);
    expect(replayer.play).toHaveBeenLastCalledWith(30_000);
    review.seek(T0 - 1, true);
    expect(replayer.play).toHaveBeenLastCalledWith(0);
    expect(review.currentTime).toBe(T0 + 12_000);
    // Its end hands back to live.
    const [event, handler] = replayer.on.mock.calls[0]!;
    expect(event).toBe('finish');
    (handler as () => void)();
    expect(onFinish).toHaveBeenCalled();
  });

  it('does not change the kept events when it pads a tiny look back', () => {
    const { create } = fakeReplayer();
    const kept = events.slice(0, 1);
    new ReviewPlayer({} as HTMLElement, kept, () => undefined, create);
    expect(kept).toHaveLength(1);
    expect(create.mock.calls[0]![0]).toHaveLength(2);
  });
});
