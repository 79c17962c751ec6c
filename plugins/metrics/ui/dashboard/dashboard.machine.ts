import { assign, emit, fromPromise, setup } from 'xstate';
import { TOASTS } from '../constants.js';
import type { Dashboard, Widget } from '../wire.js';
import { sortedWidgets, swapPositions, type PositionChange } from './dashboard-order.js';

/** A dashboard as the list gives it (widgets may be left out). */
export type DashboardListItem = Omit<Dashboard, 'widgets'> & { widgets?: Widget[] };

export interface DashboardContext {
  dashboards: DashboardListItem[];
  /** The dashboard asked for in the URL; else the pinned one, else the first. */
  requestedId: number | null;
  selectedId: number | null;
  dashboard: Dashboard | null;
  failure: string | null;
  pinningId: number | null;
  /** The order before a swap, put back when saving it fails. */
  beforeSwap: Widget[] | null;
  pendingChanges: PositionChange[];
  removingId: number | null;
}

export interface DashboardInput {
  dashboardId?: number | null;
}

export type DashboardEvent =
  | { type: 'SELECT'; dashboardId: number }
  | { type: 'PIN'; dashboardId: number }
  | { type: 'SWAP'; fromWidgetId: number; toWidgetId: number }
  | { type: 'REMOVE_WIDGET'; widgetId: number }
  /** Created or edited in the dialog: shown and selected. */
  | { type: 'DASHBOARD_SAVED'; dashboard: DashboardListItem }
  | { type: 'DASHBOARD_DELETED'; dashboardId: number }
  /** Widgets were added elsewhere: read the dashboard again. */
  | { type: 'RELOAD' }
  | { type: 'RETRY' };

export type DashboardEmitted = { type: 'toast'; message: string; kind: 'success' | 'error' };

export const DASHBOARDS_LOAD_FAILED = 'The dashboards could not be loaded.';
export const DASHBOARD_LOAD_FAILED = 'The dashboard could not be loaded.';

/** The pinned dashboard, else the first (spec part 1 §4). */
export function defaultDashboardId(dashboards: readonly DashboardListItem[]): number | null {
  return (dashboards.find((d) => d.isPinned) ?? dashboards[0])?.dashboardId ?? null;
}

function selectionOf(dashboards: readonly DashboardListItem[], requested: number | null): number | null {
  if (requested !== null && dashboards.some((d) => d.dashboardId === requested)) return requested;
  return defaultDashboardId(dashboards);
}

const withWidgets = (dashboard: Dashboard): Dashboard => ({ ...dashboard, widgets: sortedWidgets(dashboard.widgets ?? []) });

const toast = (message: string, kind: 'success' | 'error') => ({ type: 'toast' as const, params: { message, kind } });

/**
 * The dashboard page (spec part 1 §4 "Dashboards"): the list, the selected dashboard (the one in
 * the URL, else the pinned, else the first) with its widgets by position, pinning (one pinned,
 * the rest cleared), swapping two widgets' positions (shown at once, both saved, put back when
 * the save fails) and removing a widget from view. The toasts are the spec's (§8); the page
 * shows them. Charts load per widget (`widgetChartMachine`).
 */
export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as DashboardInput,
    emitted: {} as DashboardEmitted,
  },
  actors: {
    loadDashboards: fromPromise<DashboardListItem[], void>(async () => {
      throw new Error('loadDashboards is provided by the page');
    }),
    loadDashboard: fromPromise<Dashboard, { dashboardId: number }>(async () => {
      throw new Error('loadDashboard is provided by the page');
    }),
    pinDashboard: fromPromise<void, { dashboardId: number }>(async () => {
      throw new Error('pinDashboard is provided by the page');
    }),
    saveWidgetPositions: fromPromise<void, { dashboardId: number; changes: PositionChange[] }>(async () => {
      throw new Error('saveWidgetPositions is provided by the page');
    }),
    removeWidget: fromPromise<void, { dashboardId: number; widgetId: number }>(async () => {
      throw new Error('removeWidget is provided by the page');
    }),
  },
  actions: {
    toast: emit((_, params: { message: string; kind: 'success' | 'error' }) => ({ type: 'toast' as const, ...params })),
  },
  guards: {
    hasSelection: ({ context }) => context.selectedId !== null,
    isOther: ({ context, event }) => event.type === 'SELECT' && event.dashboardId !== context.selectedId,
    swaps: ({ context, event }) => event.type === 'SWAP' && context.dashboard !== null && swapPositions(context.dashboard.widgets, event.fromWidgetId, event.toWidgetId) !== null,
    hasWidget: ({ context, event }) => event.type === 'REMOVE_WIDGET' && (context.dashboard?.widgets.some((w) => w.widgetId === event.widgetId) ?? false),
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({
    dashboards: [],
    requestedId: input.dashboardId ?? null,
    selectedId: null,
    dashboard: null,
    failure: null,
    pinningId: null,
    beforeSwap: null,
    pendingChanges: [],
    removingId: null,
  }),
  type: 'parallel',
  states: {
    view: {
      initial: 'loadingList',
      states: {
        loadingList: {
          invoke: {
            src: 'loadDashboards',
            onDone: {
              target: 'choosing',
              actions: assign(({ context, event }) => ({ dashboards: event.output, selectedId: selectionOf(event.output, context.requestedId), failure: null })),
            },
            onError: { target: 'failed', actions: assign({ failure: DASHBOARDS_LOAD_FAILED }) },
          },
        },
        choosing: {
          always: [{ guard: 'hasSelection', target: 'loading' }, { target: 'empty' }],
        },
        // No dashboard yet: the page offers to create one.
        empty: {},
        loading: {
          invoke: {
            src: 'loadDashboard',
            input: ({ context }) => ({ dashboardId: context.selectedId! }),
            onDone: { target: 'ready', actions: assign({ dashboard: ({ event }) => withWidgets(event.output), failure: null }) },
            onError: { target: 'failed', actions: assign({ dashboard: null, failure: DASHBOARD_LOAD_FAILED }) },
          },
        },
        ready: {},
        failed: { on: { RETRY: 'loadingList' } },
      },
      on: {
        SELECT: { guard: 'isOther', target: '.loading', actions: assign({ selectedId: ({ event }) => event.dashboardId, dashboard: null }) },
        RELOAD: { guard: 'hasSelection', target: '.loading' },
        DASHBOARD_SAVED: {
          target: '.loading',
          actions: assign(({ context, event }) => {
            const known = context.dashboards.some((d) => d.dashboardId === event.dashboard.dashboardId);
            const dashboards = known ? context.dashboards.map((d) => (d.dashboardId === event.dashboard.dashboardId ? { ...d, ...event.dashboard } : d)) : [...context.dashboards, event.dashboard];
            return { dashboards, selectedId: event.dashboard.dashboardId };
          }),
        },
        DASHBOARD_DELETED: {
          target: '.choosing',
          actions: assign(({ context, event }) => {
            const dashboards = context.dashboards.filter((d) => d.dashboardId !== event.dashboardId);
            const selectedId = context.selectedId === event.dashboardId ? defaultDashboardId(dashboards) : context.selectedId;
            return { dashboards, selectedId, dashboard: context.selectedId === event.dashboardId ? null : context.dashboard };
          }),
        },
      },
    },
    pin: {
      initial: 'idle',
      states: {
        idle: { on: { PIN: { target: 'pinning', actions: assign({ pinningId: ({ event }) => event.dashboardId }) } } },
        pinning: {
          invoke: {
            src: 'pinDashboard',
            input: ({ context }) => ({ dashboardId: context.pinningId! }),
            onDone: {
              target: 'idle',
              actions: [
                // One pinned: the rest are cleared.
                assign(({ context }) => ({
                  dashboards: context.dashboards.map((d) => ({ ...d, isPinned: d.dashboardId === context.pinningId })),
                  dashboard: context.dashboard && { ...context.dashboard, isPinned: context.dashboard.dashboardId === context.pinningId },
                  pinningId: null,
                })),
                toast(TOASTS.dashboardPinned, 'success'),
              ],
            },
            onError: { target: 'idle', actions: [assign({ pinningId: null }), toast(TOASTS.dashboardPinFailed, 'error')] },
          },
        },
      },
    },
    order: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            SWAP: {
              guard: 'swaps',
              target: 'saving',
              actions: assign(({ context, event }) => {
                const swap = swapPositions(context.dashboard!.widgets, event.fromWidgetId, event.toWidgetId)!;
                return { beforeSwap: context.dashboard!.widgets, dashboard: { ...context.dashboard!, widgets: swap.widgets }, pendingChanges: swap.changes };
              }),
            },
          },
        },
        // Another drop waits for this save: positions are saved one swap at a time.
        saving: {
          invoke: {
            src: 'saveWidgetPositions',
            input: ({ context }) => ({ dashboardId: context.dashboard!.dashboardId, changes: context.pendingChanges }),
            onDone: { target: 'idle', actions: [assign({ beforeSwap: null, pendingChanges: [] }), toast(TOASTS.positionUpdated, 'success')] },
            onError: {
              target: 'idle',
              actions: [
                assign(({ context }) => ({
                  dashboard: context.dashboard && context.beforeSwap ? { ...context.dashboard, widgets: context.beforeSwap } : context.dashboard,
                  beforeSwap: null,
                  pendingChanges: [],
                })),
                toast(TOASTS.positionFailed, 'error'),
              ],
            },
          },
        },
      },
    },
    removal: {
      initial: 'idle',
      states: {
        idle: { on: { REMOVE_WIDGET: { guard: 'hasWidget', target: 'removing', actions: assign({ removingId: ({ event }) => event.widgetId }) } } },
        removing: {
          invoke: {
            src: 'removeWidget',
            input: ({ context }) => ({ dashboardId: context.dashboard!.dashboardId, widgetId: context.removingId! }),
            onDone: {
              target: 'idle',
              actions: [
                assign(({ context }) => ({
                  dashboard: context.dashboard && { ...context.dashboard, widgets: context.dashboard.widgets.filter((w) => w.widgetId !== context.removingId) },
                  removingId: null,
                })),
                toast(TOASTS.widgetDeleted, 'success'),
              ],
            },
            onError: { target: 'idle', actions: assign({ removingId: null }) },
          },
        },
      },
    },
  },
});
