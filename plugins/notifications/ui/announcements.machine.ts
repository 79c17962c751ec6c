import { assign, fromPromise, setup } from 'xstate';
import type { Announcement } from '../api.js';
import { errorMessage } from './error-message.js';
import { ANNOUNCEMENTS_MARK_READ_DELAY_MS } from './timing.js';

export type AnnouncementsEvent = { type: 'OPEN' } | { type: 'CLOSE' } | { type: 'RETRY' };

export interface AnnouncementsContext {
  announcements: Announcement[];
  error: string | null;
  /** Announcements shown in the open panel: the badge stops counting them at once, while the server mark still waits its 5 seconds. */
  seen: number[];
}

/** What the bell's badge counts: news not marked read on the server and not yet shown in the panel. */
export function unseenCount(context: AnnouncementsContext): number {
  return context.announcements.filter((a) => !a.viewed && !context.seen.includes(a.announcementId)).length;
}

/**
 * The announcements bell: closed → loading → open, and once open the list is marked read after
 * ANNOUNCEMENTS_MARK_READ_DELAY_MS. The mark is a delayed transition of `open.reading`, so closing
 * the panel earlier leaves the state and cancels it. The badge clears as soon as the list is
 * shown (`seen`), so it never lingers over news the user is looking at.
 */
export const announcementsMachine = setup({
  types: {
    context: {} as AnnouncementsContext,
    events: {} as AnnouncementsEvent,
  },
  actors: {
    // Stubs: the bell provides the API calls (`machine.provide`), tests provide fakes.
    fetchAnnouncements: fromPromise<Announcement[]>(async () => {
      throw new Error('fetchAnnouncements is not provided');
    }),
    markAnnouncementsRead: fromPromise<void>(async () => {
      throw new Error('markAnnouncementsRead is not provided');
    }),
  },
  delays: {
    markReadDelay: ANNOUNCEMENTS_MARK_READ_DELAY_MS,
  },
  guards: {
    hasUnviewed: ({ context }) => context.announcements.some((a) => !a.viewed),
  },
  actions: {
    markAllViewed: assign({ announcements: ({ context }) => context.announcements.map((a) => (a.viewed ? a : { ...a, viewed: true })) }),
  },
}).createMachine({
  id: 'notifications.announcements',
  context: { announcements: [], error: null, seen: [] },
  initial: 'checking',
  states: {
    // Read once at start so the bell's badge knows about news before the panel is ever opened.
    checking: {
      invoke: {
        src: 'fetchAnnouncements',
        onDone: { target: 'closed', actions: assign({ announcements: ({ event }) => event.output }) },
        // The badge is a hint; a failure here shows nothing and opening the panel tries again.
        onError: { target: 'closed' },
      },
      on: { OPEN: 'loading' },
    },
    closed: {
      id: 'announcementsClosed',
      on: { OPEN: 'loading' },
    },
    loading: {
      entry: assign({ error: null }),
      invoke: {
        src: 'fetchAnnouncements',
        onDone: {
          target: 'open',
          actions: assign({ announcements: ({ event }) => event.output, seen: ({ context, event }) => [...new Set([...context.seen, ...event.output.map((a) => a.announcementId)])] }),
        },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
      on: { CLOSE: 'closed' },
    },
    open: {
      initial: 'reading',
      on: { CLOSE: 'closed' },
      states: {
        reading: {
          after: {
            markReadDelay: [{ guard: 'hasUnviewed', target: 'marking' }, { target: 'read' }],
          },
        },
        marking: {
          invoke: {
            src: 'markAnnouncementsRead',
            onDone: { target: 'read', actions: 'markAllViewed' },
            // Unmarked news stays badged and is marked on the next opening.
            onError: { target: 'read' },
          },
          // The request is already on its way; the badge should not wait for it.
          on: { CLOSE: { target: '#announcementsClosed', actions: 'markAllViewed' } },
        },
        read: {},
      },
    },
    failed: {
      on: { RETRY: 'loading', CLOSE: 'closed' },
    },
  },
});
