import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Notification } from '../api.js';
import { alertsMachine, SAVE_FAILED_TEXT, type ViewedChange } from './alerts.machine.js';
import { NOTIFICATIONS_REFRESH_MS } from './timing.js';

const notification = (id: number, createdAt: number, viewed = false): Notification => ({
  notificationId: id,
  level: 'warning',
  title: `Alert ${id}`,
  viewed,
  type: 'alert',
  createdAt,
  options: { source: 'ALERT' },
});

interface Fakes {
  count?: () => Promise<number>;
  list?: () => Promise<Notification[]>;
  save?: (change: ViewedChange) => Promise<{ count: number | null }>;
}

function start(fakes: Fakes = {}) {
  const fetchCount = vi.fn(fakes.count ?? (async () => 2));
  const fetchNotifications = vi.fn(fakes.list ?? (async () => [notification(2, 2_000), notification(1, 1_000)]));
  const saveViewed = vi.fn(fakes.save ?? (async (_change: ViewedChange): Promise<{ count: number | null }> => ({ count: 0 })));
  const actor = createActor(
    alertsMachine.provide({
      actors: {
        fetchCount: fromPromise(() => fetchCount()),
        fetchNotifications: fromPromise(() => fetchNotifications()),
        saveViewed: fromPromise(({ input }) => saveViewed(input)),
      },
    }),
  );
  actor.start();
  return { actor, fetchCount, fetchNotifications, saveViewed };
}

const settle = () => vi.advanceTimersByTimeAsync(0);
const panel = (actor: ReturnType<typeof start>['actor']) => (actor.getSnapshot().value as { panel: string }).panel;

describe('alerts machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the unviewed count at start and every 5 minutes', async () => {
    let count = 2;
    const { actor, fetchCount } = start({ count: async () => count });
    await settle();
    expect(fetchCount).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.count).toBe(2);

    count = 7;
    await vi.advanceTimersByTimeAsync(NOTIFICATIONS_REFRESH_MS - 1);
    expect(fetchCount).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchCount).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.count).toBe(7);
    await vi.advanceTimersByTimeAsync(NOTIFICATIONS_REFRESH_MS);
    expect(fetchCount).toHaveBeenCalledTimes(3);
  });

  it('keeps polling after a failed read', async () => {
    let fail = true;
    const { actor, fetchCount } = start({
      count: async () => {
        if (fail) throw new Error('Connection error');
        return 4;
      },
    });
    await settle();
    expect(actor.getSnapshot().context.count).toBe(0);
    fail = false;
    await vi.advanceTimersByTimeAsync(NOTIFICATIONS_REFRESH_MS);
    expect(fetchCount).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.count).toBe(4);
  });

  it('opening loads the list and marks nothing read', async () => {
    const { actor, fetchNotifications, saveViewed } = start();
    await settle();
    actor.send({ type: 'OPEN' });
    expect(panel(actor)).toBe('loading');
    await settle();
    expect(panel(actor)).toBe('open');
    expect(fetchNotifications).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.notifications.map((n) => n.viewed)).toEqual([false, false]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(saveViewed).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.count).toBe(2);
  });

  it('a click marks one viewed at once and tells the server', async () => {
    const { actor, saveViewed } = start({ save: async () => ({ count: 1 }) });
    await settle();
    actor.send({ type: 'OPEN' });
    await settle();
    actor.send({ type: 'MARK_VIEWED', id: 2 });
    expect(actor.getSnapshot().context.notifications.find((n) => n.notificationId === 2)!.viewed).toBe(true);
    expect(actor.getSnapshot().context.count).toBe(1);
    await settle();
    expect(saveViewed).toHaveBeenCalledWith({ kind: 'one', id: 2 });
    expect(actor.getSnapshot().context.count).toBe(1);

    // Viewed items are not sent again.
    actor.send({ type: 'MARK_VIEWED', id: 2 });
    await settle();
    expect(saveViewed).toHaveBeenCalledTimes(1);
  });

  it('keeps its own count when the answer carries none (the per-notification call)', async () => {
    const { actor } = start({ count: async () => 5, save: async () => ({ count: null }) });
    await settle();
    actor.send({ type: 'OPEN' });
    await settle();
    actor.send({ type: 'MARK_VIEWED', id: 1 });
    await settle();
    expect(actor.getSnapshot().context.count).toBe(4);
  });

  it("'IGNORE ALL' marks everything up to the newest shown", async () => {
    const { actor, saveViewed } = start({ list: async () => [notification(3, 3_000), notification(2, 2_500, true), notification(1, 1_000)] });
    await settle();
    actor.send({ type: 'OPEN' });
    await settle();
    actor.send({ type: 'IGNORE_ALL' });
    expect(actor.getSnapshot().context.notifications.every((n) => n.viewed)).toBe(true);
    expect(actor.getSnapshot().context.count).toBe(0);
    await settle();
    expect(saveViewed).toHaveBeenCalledWith({ kind: 'all', endTimestamp: 3_000 });
  });

  it('sends queued changes in order, even after the panel closed', async () => {
    const answers: ((value: { count: number | null }) => void)[] = [];
    const { actor, saveViewed } = start({ save: () => new Promise((resolve) => answers.push(resolve)) });
    await settle();
    actor.send({ type: 'OPEN' });
    await settle();
    actor.send({ type: 'MARK_VIEWED', id: 1 });
    actor.send({ type: 'IGNORE_ALL' });
    actor.send({ type: 'CLOSE' });
    await settle();
    expect(panel(actor)).toBe('closed');
    expect(saveViewed).toHaveBeenCalledTimes(1);
    answers[0]!({ count: 1 });
    await settle();
    expect(saveViewed).toHaveBeenCalledTimes(2);
    expect(saveViewed.mock.calls.map((c) => c[0])).toEqual([
      { kind: 'one', id: 1 },
      { kind: 'all', endTimestamp: 2_000 },
    ]);
    answers[1]!({ count: 0 });
    await settle();
    expect(actor.getSnapshot().context.pending).toEqual([]);
    expect(actor.getSnapshot().context.count).toBe(0);
  });

  it("a count read while a change is pending does not undo the change's badge", async () => {
    let answer!: (value: { count: number | null }) => void;
    const { actor } = start({ count: async () => 2, save: () => new Promise((resolve) => (answer = resolve)) });
    await settle();
    actor.send({ type: 'OPEN' });
    await settle();
    actor.send({ type: 'MARK_VIEWED', id: 1 });
    await vi.advanceTimersByTimeAsync(NOTIFICATIONS_REFRESH_MS);
    expect(actor.getSnapshot().context.count).toBe(1);
    answer({ count: 1 });
    await settle();
    expect(actor.getSnapshot().context.count).toBe(1);
  });

  it('a failed save says so and reloads the truth', async () => {
    const { actor, fetchNotifications } = start({
      save: async () => {
        throw new Error('Request failed (500)');
      },
    });
    await settle();
    actor.send({ type: 'OPEN' });
    await settle();
    actor.send({ type: 'MARK_VIEWED', id: 1 });
    await settle();
    expect(actor.getSnapshot().context.error).toBe(SAVE_FAILED_TEXT);
    expect(fetchNotifications).toHaveBeenCalledTimes(2);
    expect(panel(actor)).toBe('open');
    expect(actor.getSnapshot().context.notifications.find((n) => n.notificationId === 1)!.viewed).toBe(false);
    expect(actor.getSnapshot().context.count).toBe(2);
  });

  it('a failed list shows the error until retried', async () => {
    let fail = true;
    const { actor } = start({
      list: async () => {
        if (fail) throw new Error('Connection error');
        return [];
      },
    });
    await settle();
    actor.send({ type: 'OPEN' });
    await settle();
    expect(panel(actor)).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Connection error');
    fail = false;
    actor.send({ type: 'RETRY' });
    await settle();
    expect(panel(actor)).toBe('open');
    expect(actor.getSnapshot().context.error).toBeNull();
    // Nothing to ignore in an empty list.
    actor.send({ type: 'IGNORE_ALL' });
    expect(actor.getSnapshot().context.pending).toEqual([]);
  });
});
