import { assign, fromPromise, raise, setup } from 'xstate';
import type { Notification } from '../api.js';
import { errorMessage } from './error-message.js';
import { NOTIFICATIONS_REFRESH_MS } from './timing.js';

/** A change to send to the server; queued so that none is lost when the panel closes. */
export type ViewedChange = { kind: 'one'; id: number } | { kind: 'all'; endTimestamp: number };

export type AlertsEvent =
  | { type: 'OPEN' }
  | { type: 'CLOSE' }
  | { type: 'RETRY' }
  | { type: 'MARK_VIEWED'; id: number }
  | { type: 'IGNORE_ALL' }
  | { type: 'REFRESH_COUNT' }
  | { type: 'RESYNC' };

export interface AlertsContext {
  /** Unviewed notifications of the user (the badge). */
  count: number;
  notifications: Notification[];
  pending: ViewedChange[];
  error: string | null;
}

export const SAVE_FAILED_TEXT = 'Could not update your alerts. Please try again.';

/**
 * The alerts bell, three regions at once:
 * - badge: reads the unviewed count at start and every NOTIFICATIONS_REFRESH_MS;
 * - panel: closed → loading → open; opening never marks anything read (spec);
 * - sync: sends "viewed" changes one at a time, whether or not the panel is still open.
 * The list and the badge change at once on a click; the server's answer then sets the count.
 */
export const alertsMachine = setup({
  types: {
    context: {} as AlertsContext,
    events: {} as AlertsEvent,
  },
  actors: {
    // Stubs: the bell provides the API calls (`machine.provide`), tests provide fakes.
    fetchCount: fromPromise<number>(async () => {
      throw new Error('fetchCount is not provided');
    }),
    fetchNotifications: fromPromise<Notification[]>(async () => {
      throw new Error('fetchNotifications is not provided');
    }),
    // Answers the unviewed count when the call tells it (null: keep the badge's own count).
    saveViewed: fromPromise<{ count: number | null }, ViewedChange>(async () => {
      throw new Error('saveViewed is not provided');
    }),
  },
  delays: {
    refreshDelay: NOTIFICATIONS_REFRESH_MS,
  },
  guards: {
    isUnviewedItem: ({ context, event }) => event.type === 'MARK_VIEWED' && context.notifications.some((n) => n.notificationId === event.id && !n.viewed),
    hasItems: ({ context }) => context.notifications.length > 0,
    hasPending: ({ context }) => context.pending.length > 0,
    // A count read before a click lands would undo the click's badge change; the save's answer is newer.
    nothingPending: ({ context }) => context.pending.length === 0,
  },
  actions: {
    markOne: assign(({ context, event }) => {
      if (event.type !== 'MARK_VIEWED') return {};
      return {
        notifications: context.notifications.map((n) => (n.notificationId === event.id ? { ...n, viewed: true } : n)),
        count: Math.max(0, context.count - 1),
        pending: [...context.pending, { kind: 'one', id: event.id } satisfies ViewedChange],
      };
    }),
    markAll: assign(({ context }) => ({
      notifications: context.notifications.map((n) => (n.viewed ? n : { ...n, viewed: true })),
      count: 0,
      // The newest one shown: anything that arrived after the list was read stays unviewed.
      pending: [...context.pending, { kind: 'all', endTimestamp: Math.max(...context.notifications.map((n) => n.createdAt)) } satisfies ViewedChange],
    })),
  },
}).createMachine({
  id: 'notifications.alerts',
  type: 'parallel',
  context: { count: 0, notifications: [], pending: [], error: null },
  states: {
    badge: {
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            src: 'fetchCount',
            onDone: [{ guard: 'nothingPending', target: 'waiting', actions: assign({ count: ({ event }) => event.output }) }, { target: 'waiting' }],
            // Keep the last count; the next tick tries again.
            onError: { target: 'waiting' },
          },
        },
        waiting: {
          after: { refreshDelay: 'fetching' },
          on: { REFRESH_COUNT: 'fetching' },
        },
      },
    },
    panel: {
      initial: 'closed',
      states: {
        closed: {
          on: { OPEN: { target: 'loading', actions: assign({ error: null }) } },
        },
        loading: {
          entry: raise({ type: 'REFRESH_COUNT' }),
          invoke: {
            src: 'fetchNotifications',
            onDone: { target: 'open', actions: assign({ notifications: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          },
          on: { CLOSE: 'closed' },
        },
        open: {
          on: {
            CLOSE: 'closed',
            MARK_VIEWED: { guard: 'isUnviewedItem', actions: 'markOne' },
            IGNORE_ALL: { guard: 'hasItems', actions: 'markAll' },
            // A save failed: show the server's truth again (the error stays on screen).
            RESYNC: 'loading',
          },
        },
        failed: {
          on: { RETRY: { target: 'loading', actions: assign({ error: null }) }, CLOSE: 'closed' },
        },
      },
    },
    sync: {
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'hasPending', target: 'saving' },
        },
        saving: {
          invoke: {
            src: 'saveViewed',
            input: ({ context }) => context.pending[0]!,
            onDone: {
              target: 'idle',
              actions: assign({ pending: ({ context }) => context.pending.slice(1), count: ({ context, event }) => event.output.count ?? context.count }),
            },
            onError: {
              target: 'idle',
              actions: [
                assign({ pending: ({ context }) => context.pending.slice(1), error: () => SAVE_FAILED_TEXT }),
                raise({ type: 'RESYNC' }),
                raise({ type: 'REFRESH_COUNT' }),
              ],
            },
          },
        },
      },
    },
  },
});
