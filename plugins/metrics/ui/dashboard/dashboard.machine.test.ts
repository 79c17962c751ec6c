import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { dashboard, widget } from '../../testing/ui-fixtures.js';
import type { Dashboard } from '../wire.js';
import type { PositionChange } from './dashboard-order.js';
import { dashboardMachine, type DashboardEmitted, type DashboardListItem } from './dashboard.machine.js';

const list: DashboardListItem[] = [dashboard({ dashboardId: 1, name: 'Ops' }), dashboard({ dashboardId: 2, name: 'Growth', isPinned: true }), dashboard({ dashboardId: 3, name: 'Mine', isPublic: false })];
const detail = (dashboardId: number): Dashboard => ({ ...list.find((d) => d.dashboardId === dashboardId)!, widgets: [widget(7, 2), widget(5, 0), widget(6, 1)] });

interface Options {
  dashboards?: DashboardListItem[];
  dashboardId?: number | null;
  pin?: () => Promise<void>;
  save?: (changes: PositionChange[]) => Promise<void>;
}

function start({ dashboards = list, dashboardId = null, pin = async () => {}, save = async () => {} }: Options = {}) {
  const loaded: number[] = [];
  const saved: PositionChange[][] = [];
  const removed: number[] = [];
  const toasts: DashboardEmitted[] = [];
  const actor = createActor(
    dashboardMachine.provide({
      actors: {
        loadDashboards: fromPromise(async () => dashboards),
        loadDashboard: fromPromise(async ({ input }: { input: { dashboardId: number } }) => {
          loaded.push(input.dashboardId);
          return detail(input.dashboardId);
        }),
        pinDashboard: fromPromise(pin),
        saveWidgetPositions: fromPromise(async ({ input }: { input: { dashboardId: number; changes: PositionChange[] } }) => {
          saved.push(input.changes);
          return save(input.changes);
        }),
        removeWidget: fromPromise(async ({ input }: { input: { dashboardId: number; widgetId: number } }) => {
          removed.push(input.widgetId);
        }),
      },
    }),
    { input: { dashboardId } },
  );
  actor.on('toast', (e) => toasts.push(e));
  actor.start();
  const ready = () => waitFor(actor, (s) => s.matches({ view: 'ready' }) && s.matches({ order: 'idle' }) && s.matches({ pin: 'idle' }) && s.matches({ removal: 'idle' }));
  const order = () => actor.getSnapshot().context.dashboard!.widgets.map((w) => w.widgetId);
  return { actor, loaded, saved, removed, toasts, ready, order };
}

describe('the dashboard page machine', () => {
  it('selects the pinned dashboard, else the first, else the one in the URL; widgets by position', async () => {
    const pinned = start();
    await pinned.ready();
    expect(pinned.loaded).toEqual([2]);
    expect(pinned.order()).toEqual([5, 6, 7]);

    const first = start({ dashboards: list.map((d) => ({ ...d, isPinned: false })) });
    await first.ready();
    expect(first.loaded).toEqual([1]);

    const asked = start({ dashboardId: 3 });
    await asked.ready();
    expect(asked.loaded).toEqual([3]);

    // An id that is not in the list falls back to the default.
    const unknown = start({ dashboardId: 99 });
    await unknown.ready();
    expect(unknown.loaded).toEqual([2]);

    const none = start({ dashboards: [] });
    await waitFor(none.actor, (s) => s.matches({ view: 'empty' }));
  });

  it('pins one dashboard and clears the rest, with the toast; a failure says so and changes nothing', async () => {
    const ok = start();
    await ok.ready();
    ok.actor.send({ type: 'PIN', dashboardId: 3 });
    await ok.ready();
    expect(ok.actor.getSnapshot().context.dashboards.map((d) => [d.dashboardId, d.isPinned])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect(ok.actor.getSnapshot().context.dashboard!.isPinned).toBe(false);
    expect(ok.toasts).toEqual([{ type: 'toast', message: 'Dashboard pinned successfully', kind: 'success' }]);

    const failing = start({
      pin: async () => {
        throw new Error('down');
      },
    });
    await failing.ready();
    failing.actor.send({ type: 'PIN', dashboardId: 3 });
    await failing.ready();
    expect(failing.actor.getSnapshot().context.dashboards.find((d) => d.isPinned)?.dashboardId).toBe(2);
    expect(failing.toasts).toEqual([{ type: 'toast', message: 'Dashboard could not be pinned', kind: 'error' }]);
  });

  it('swapping two widgets shows the new order at once and saves both positions', async () => {
    const { actor, ready, saved, toasts, order } = start();
    await ready();
    actor.send({ type: 'SWAP', fromWidgetId: 5, toWidgetId: 7 });
    expect(order()).toEqual([7, 6, 5]);
    await ready();
    expect(saved).toEqual([
      [
        { widgetId: 5, config: { position: 2, col: 2, row: 2 } },
        { widgetId: 7, config: { position: 0, col: 2, row: 2 } },
      ],
    ]);
    expect(toasts).toEqual([{ type: 'toast', message: 'Widget position updated', kind: 'success' }]);
    // Dropping a widget on itself changes nothing.
    actor.send({ type: 'SWAP', fromWidgetId: 6, toWidgetId: 6 });
    expect(saved).toHaveLength(1);
  });

  it('puts the order back when saving a swap fails', async () => {
    const { actor, ready, toasts, order } = start({
      save: async () => {
        throw new Error('down');
      },
    });
    await ready();
    actor.send({ type: 'SWAP', fromWidgetId: 6, toWidgetId: 7 });
    expect(order()).toEqual([5, 7, 6]);
    await ready();
    expect(order()).toEqual([5, 6, 7]);
    expect(toasts).toEqual([{ type: 'toast', message: 'Error updating widget position', kind: 'error' }]);
  });

  it('removes a widget from view with the toast; selecting another dashboard loads it; deleting the selected one falls back', async () => {
    const { actor, ready, removed, toasts, order, loaded } = start();
    await ready();
    actor.send({ type: 'REMOVE_WIDGET', widgetId: 6 });
    await ready();
    expect(removed).toEqual([6]);
    expect(order()).toEqual([5, 7]);
    expect(toasts).toEqual([{ type: 'toast', message: 'Widget deleted successfully', kind: 'success' }]);
    actor.send({ type: 'SELECT', dashboardId: 1 });
    await ready();
    expect(loaded).toEqual([2, 1]);
    actor.send({ type: 'DASHBOARD_DELETED', dashboardId: 1 });
    await ready();
    expect(actor.getSnapshot().context.selectedId).toBe(2);
    expect(actor.getSnapshot().context.dashboards.map((d) => d.dashboardId)).toEqual([2, 3]);
    actor.send({ type: 'DASHBOARD_SAVED', dashboard: dashboard({ dashboardId: 4, name: 'New Dashboard' }) });
    await ready();
    expect(loaded.at(-1)).toBe(4);
  });
});
