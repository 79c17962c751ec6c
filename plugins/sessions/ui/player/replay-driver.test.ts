import { describe, expect, it, vi } from 'vitest';
import type { ChunkEvents } from './recording-loader.js';
import { ReplayDriver, UnsafeReplayError, type ChunkStore, type ReplayerConfig, type ReplayerLike } from './replay-driver.js';

const T0 = 1_700_000_000_000;

/** Chunk n holds events at n*10 s + 100 ms and + 9 s; snapshots in the given chunks. */
function store(count: number, snapshots: number[]) {
  const loaded = new Map<number, ChunkEvents>();
  const chunk = (n: number): ChunkEvents => [
    { type: snapshots.includes(n) ? 2 : 3, timestamp: T0 + n * 10_000 + 100, data: {} },
    { type: 3, timestamp: T0 + n * 10_000 + 9_000, data: {} },
  ];
  const s: ChunkStore & { load(n: number): void } = {
    chunkCount: count,
    chunkAt: (n) => loaded.get(n),
    isLoaded: (n) => loaded.has(n),
    positionAt: (time) => Math.max(0, Math.min(count - 1, Math.floor((time - 100) / 10_000))),
    snapshotPositionFor(time) {
      for (let i = this.positionAt(time); i >= 0; i--) if (snapshots.includes(i)) return i;
      return -1;
    },
    firstSnapshotPosition: () => Math.min(...snapshots),
    load: (n) => loaded.set(n, chunk(n)),
  };
  return s;
}

interface FakeReplayer extends ReplayerLike {
  events: ChunkEvents;
  config: ReplayerConfig;
  handlers: Record<string, (payload?: unknown) => void>;
  destroyed: boolean;
  clock: number;
}

function fakeFactory(sandbox: string | null = 'allow-same-origin') {
  const made: FakeReplayer[] = [];
  const create = (events: ChunkEvents, config: ReplayerConfig): FakeReplayer => {
    const iframe = { getAttribute: (name: string) => (name === 'sandbox' ? sandbox : null) } as unknown as HTMLIFrameElement;
    const r: FakeReplayer = {
      iframe,
      wrapper: {} as HTMLElement,
      events: [...events],
      config,
      handlers: {},
      destroyed: false,
      clock: 0,
      play: vi.fn((offset?: number) => void (r.clock = offset ?? 0)),
      pause: vi.fn((offset?: number) => void (offset !== undefined && (r.clock = offset))),
      addEvent: vi.fn((e) => void r.events.push(e)),
      getCurrentTime: () => r.clock,
      setConfig: vi.fn(),
      on: (event, handler) => void (r.handlers[event] = handler),
      destroy: () => void (r.destroyed = true),
    };
    made.push(r);
    return r;
  };
  return { made, create };
}

function driverFor(s: ChunkStore, sandbox?: string | null) {
  const factory = fakeFactory(sandbox);
  const onFinish = vi.fn();
  const driver = new ReplayDriver({ store: s, startedAt: T0, root: {} as HTMLElement, create: factory.create, onFinish });
  return { driver, made: factory.made, onFinish };
}

describe('ReplayDriver', () => {
  it('builds from the first snapshot chunk, maps player time to the replay clock, appends later chunks in order', () => {
    const s = store(4, [0]);
    s.load(0);
    const { driver, made } = driverFor(s);
    driver.pause(0);
    expect(made).toHaveLength(1);
    expect(made[0]!.events).toHaveLength(2);
    driver.play(5_000);
    // The replay's time 0 is its first event (100 ms after the session start).
    expect(made[0]!.play).toHaveBeenLastCalledWith(4_900);
    expect(driver.currentTime()).toBe(5_000);
    s.load(2);
    driver.chunkArrived(2);
    expect(made[0]!.addEvent).not.toHaveBeenCalled();
    s.load(1);
    driver.chunkArrived(1);
    expect(made[0]!.events.map((e) => e.timestamp - T0)).toEqual([100, 9_000, 10_100, 19_000, 20_100, 29_000]);
    driver.play(25_000);
    expect(made).toHaveLength(1);
    expect(made[0]!.play).toHaveBeenLastCalledWith(24_900);
  });

  it('a still frame includes the events stamped at its moment: the last event shows at the end', () => {
    const s = store(1, [0]);
    s.load(0);
    const { driver, made } = driverFor(s);
    // rrweb's pause(offset) applies the events before the offset only: the offset goes past the moment.
    driver.pause(9_000);
    const lastEventOffset = 9_000 - 100;
    const offset = vi.mocked(made[0]!.pause).mock.lastCall![0]!;
    expect(offset).toBeGreaterThan(lastEventOffset);
    expect(offset).toBeLessThanOrEqual(lastEventOffset + 1);
    driver.pause(5_000);
    expect(made[0]!.pause).toHaveBeenLastCalledWith(4_901);
  });

  it('cannot show a time whose chunks are not in, and says so', () => {
    const s = store(4, [0, 2]);
    s.load(0);
    const { driver, made } = driverFor(s);
    expect(driver.canShow(5_000)).toBe(true);
    expect(driver.canShow(25_000)).toBe(false);
    driver.play(25_000);
    expect(made).toHaveLength(0);
  });

  it('rebuilds from the last snapshot before a target past a gap, then keeps appending', () => {
    const s = store(5, [0, 2]);
    s.load(0);
    const { driver, made } = driverFor(s);
    driver.play(1_000);
    s.load(2);
    s.load(3);
    driver.chunkArrived(2);
    driver.chunkArrived(3);
    expect(made).toHaveLength(1);
    driver.play(35_000);
    expect(made).toHaveLength(2);
    expect(made[0]!.destroyed).toBe(true);
    expect(made[1]!.events.map((e) => e.timestamp - T0)).toEqual([20_100, 29_000, 30_100, 39_000]);
    expect(made[1]!.play).toHaveBeenLastCalledWith(14_900);
    s.load(4);
    driver.chunkArrived(4);
    expect(made[1]!.events).toHaveLength(6);
    // Back to the start: chunk 1 is still missing but the run 0 is enough.
    driver.pause(2_000);
    expect(made).toHaveLength(3);
    expect(made[2]!.events).toHaveLength(2);
  });

  it('passes speed and skip inactivity on, also to a rebuilt replay', () => {
    const s = store(3, [0, 2]);
    s.load(0);
    s.load(2);
    const { driver, made } = driverFor(s);
    driver.pause(0);
    driver.setSpeed(4);
    driver.setSkipInactive(true);
    expect(made[0]!.setConfig).toHaveBeenCalledWith({ speed: 4 });
    expect(made[0]!.setConfig).toHaveBeenCalledWith({ skipInactive: true });
    driver.pause(25_000);
    expect(made[1]!.config).toMatchObject({ speed: 4, skipInactive: true });
  });

  it('reports the end only while playing', () => {
    const s = store(1, [0]);
    s.load(0);
    const { driver, made, onFinish } = driverFor(s);
    driver.pause(0);
    made[0]!.handlers.finish!();
    expect(onFinish).not.toHaveBeenCalled();
    driver.play(0);
    made[0]!.handlers.finish!();
    expect(onFinish).toHaveBeenCalledTimes(1);
  });

  it('playing past the last event is the end at once (rrweb would stay silent)', async () => {
    const s = store(1, [0]);
    s.load(0);
    const { driver, onFinish } = driverFor(s);
    driver.play(9_500);
    await new Promise((r) => setTimeout(r, 0));
    expect(onFinish).toHaveBeenCalledTimes(1);
    driver.play(1_000);
    await new Promise((r) => setTimeout(r, 0));
    expect(onFinish).toHaveBeenCalledTimes(1);
  });

  it('refuses an iframe with any sandbox other than allow-same-origin', () => {
    for (const sandbox of ['allow-same-origin allow-scripts', null, '']) {
      const s = store(1, [0]);
      s.load(0);
      const { driver, made } = driverFor(s, sandbox);
      expect(() => driver.pause(0)).toThrow(UnsafeReplayError);
      expect(made[0]!.destroyed).toBe(true);
      expect(driver.currentTime()).toBeNull();
    }
  });
});
