import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Announcement } from '../api.js';
import { announcementsMachine, unseenCount } from './announcements.machine.js';
import { ANNOUNCEMENTS_MARK_READ_DELAY_MS } from './timing.js';

const announcement = (id: number, viewed = false): Announcement => ({
  announcementId: id,
  type: 'announcement',
  title: `News ${id}`,
  description: 'Text',
  createdAt: Date.UTC(2026, 10, id),
  viewed,
});

function start(list: () => Promise<Announcement[]>) {
  const fetchAnnouncements = vi.fn(list);
  const markAnnouncementsRead = vi.fn(async (): Promise<void> => undefined);
  const actor = createActor(
    announcementsMachine.provide({
      actors: {
        fetchAnnouncements: fromPromise(() => fetchAnnouncements()),
        markAnnouncementsRead: fromPromise(() => markAnnouncementsRead()),
      },
    }),
  );
  actor.start();
  return { actor, fetchAnnouncements, markAnnouncementsRead };
}

/** Lets resolved promises settle without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('announcements machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the list once at start for the badge, then waits closed', async () => {
    const { actor, fetchAnnouncements, markAnnouncementsRead } = start(async () => [announcement(2), announcement(1, true)]);
    expect(actor.getSnapshot().value).toBe('checking');
    await settle();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.announcements.filter((a) => !a.viewed)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchAnnouncements).toHaveBeenCalledTimes(1);
    expect(markAnnouncementsRead).not.toHaveBeenCalled();
  });

  it('opening fetches the list, and marks it read 5 seconds later', async () => {
    const { actor, fetchAnnouncements, markAnnouncementsRead } = start(async () => [announcement(2), announcement(1)]);
    await settle();
    actor.send({ type: 'OPEN' });
    expect(actor.getSnapshot().value).toBe('loading');
    await settle();
    expect(fetchAnnouncements).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().value).toEqual({ open: 'reading' });

    await vi.advanceTimersByTimeAsync(ANNOUNCEMENTS_MARK_READ_DELAY_MS - 1);
    expect(markAnnouncementsRead).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(markAnnouncementsRead).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toEqual({ open: 'read' });
    expect(actor.getSnapshot().context.announcements.every((a) => a.viewed)).toBe(true);
  });

  it('closing before 5 seconds cancels the mark', async () => {
    const { actor, markAnnouncementsRead } = start(async () => [announcement(1)]);
    await settle();
    actor.send({ type: 'OPEN' });
    await settle();
    await vi.advanceTimersByTimeAsync(ANNOUNCEMENTS_MARK_READ_DELAY_MS - 100);
    actor.send({ type: 'CLOSE' });
    await vi.advanceTimersByTimeAsync(ANNOUNCEMENTS_MARK_READ_DELAY_MS * 3);
    expect(markAnnouncementsRead).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.announcements[0]!.viewed).toBe(false);

    // Opening again starts a fresh 5 seconds.
    actor.send({ type: 'OPEN' });
    await settle();
    await vi.advanceTimersByTimeAsync(ANNOUNCEMENTS_MARK_READ_DELAY_MS);
    expect(markAnnouncementsRead).toHaveBeenCalledTimes(1);
  });

  it('clears the badge as soon as the list is shown, and still marks it read on the server only after 5 seconds', async () => {
    const { actor, markAnnouncementsRead } = start(async () => [announcement(2), announcement(1)]);
    await settle();
    expect(unseenCount(actor.getSnapshot().context)).toBe(2);
    actor.send({ type: 'OPEN' });
    await settle();
    expect(unseenCount(actor.getSnapshot().context)).toBe(0);
    expect(actor.getSnapshot().context.announcements.every((a) => !a.viewed)).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    actor.send({ type: 'CLOSE' });
    expect(unseenCount(actor.getSnapshot().context)).toBe(0);
    expect(markAnnouncementsRead).not.toHaveBeenCalled();
  });

  it('the 5 seconds count from when the list arrives, not from the click', async () => {
    let resolveList!: (list: Announcement[]) => void;
    const { actor, markAnnouncementsRead } = start(() => new Promise((resolve) => (resolveList = resolve)));
    resolveList([]);
    await settle();
    actor.send({ type: 'OPEN' });
    await vi.advanceTimersByTimeAsync(3_000);
    resolveList([announcement(1)]);
    await settle();
    await vi.advanceTimersByTimeAsync(ANNOUNCEMENTS_MARK_READ_DELAY_MS - 1);
    expect(markAnnouncementsRead).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(markAnnouncementsRead).toHaveBeenCalledTimes(1);
  });

  it('closing while the mark is on its way clears the badge at once', async () => {
    const actor = createActor(
      announcementsMachine.provide({
        actors: {
          fetchAnnouncements: fromPromise(async () => [announcement(1)]),
          markAnnouncementsRead: fromPromise<void>(() => new Promise(() => {})),
        },
      }),
    ).start();
    await settle();
    actor.send({ type: 'OPEN' });
    await settle();
    await vi.advanceTimersByTimeAsync(ANNOUNCEMENTS_MARK_READ_DELAY_MS);
    expect(actor.getSnapshot().value).toEqual({ open: 'marking' });
    actor.send({ type: 'CLOSE' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.announcements.every((a) => a.viewed)).toBe(true);
  });

  it('does not call the server when everything is already read', async () => {
    const { actor, markAnnouncementsRead } = start(async () => [announcement(1, true)]);
    await settle();
    actor.send({ type: 'OPEN' });
    await settle();
    await vi.advanceTimersByTimeAsync(ANNOUNCEMENTS_MARK_READ_DELAY_MS * 2);
    expect(markAnnouncementsRead).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toEqual({ open: 'read' });
  });

  it('shows a failed fetch and retries on demand', async () => {
    let fail = true;
    const { actor } = start(async () => {
      if (fail) throw new Error('Connection error');
      return [announcement(1)];
    });
    await settle();
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'OPEN' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('Connection error');
    fail = false;
    actor.send({ type: 'RETRY' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ open: 'reading' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('keeps the news unread when the mark fails', async () => {
    const fetchAnnouncements = vi.fn(async () => [announcement(1)]);
    const actor = createActor(
      announcementsMachine.provide({
        actors: {
          fetchAnnouncements: fromPromise(() => fetchAnnouncements()),
          markAnnouncementsRead: fromPromise<void>(async () => {
            throw new Error('Request failed (500)');
          }),
        },
      }),
    ).start();
    await settle();
    actor.send({ type: 'OPEN' });
    await settle();
    await vi.advanceTimersByTimeAsync(ANNOUNCEMENTS_MARK_READ_DELAY_MS);
    expect(actor.getSnapshot().value).toEqual({ open: 'read' });
    expect(actor.getSnapshot().context.announcements[0]!.viewed).toBe(false);
  });
});
