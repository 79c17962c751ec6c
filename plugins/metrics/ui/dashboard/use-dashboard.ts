import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useApi, useToast } from '@cassette/plugin-sdk/ui';
import { metricsRoutes } from '../paths.js';
import type { Dashboard } from '../wire.js';
import type { PositionChange } from './dashboard-order.js';
import { dashboardMachine, type DashboardListItem } from './dashboard.machine.js';

/** The dashboard page's machine with the API as its loaders; its toasts go to the host. */
export function useDashboard(projectId: number, dashboardId: number | null) {
  const api = useApi();
  const toast = useToast();
  const machine = useMemo(
    () =>
      dashboardMachine.provide({
        actors: {
          loadDashboards: fromPromise(async (): Promise<DashboardListItem[]> => (await api.get<Dashboard[]>(metricsRoutes.dashboards(projectId))) ?? []),
          loadDashboard: fromPromise(async ({ input }: { input: { dashboardId: number } }) => api.get<Dashboard>(metricsRoutes.dashboard(projectId, input.dashboardId))),
          pinDashboard: fromPromise(async ({ input }: { input: { dashboardId: number } }) => {
            await api.get(metricsRoutes.pin(projectId, input.dashboardId));
          }),
          // One after the other: each PUT moves a widget and closes the gap, so a swap is two moves in order.
          saveWidgetPositions: fromPromise(async ({ input }: { input: { dashboardId: number; changes: PositionChange[] } }) => {
            for (const change of input.changes) await api.put(metricsRoutes.widget(projectId, input.dashboardId, change.widgetId), { config: { position: change.config.position } });
          }),
          removeWidget: fromPromise(async ({ input }: { input: { dashboardId: number; widgetId: number } }) => {
            await api.del(metricsRoutes.widget(projectId, input.dashboardId, input.widgetId));
          }),
        },
      }),
    [api, projectId],
  );
  const actor = useActorRef(machine, { input: { dashboardId } });
  useEffect(() => {
    const subscription = actor.on('toast', (e) => toast(e.message, e.kind));
    return () => subscription.unsubscribe();
  }, [actor, toast]);
  useEffect(() => {
    if (dashboardId !== null && dashboardId !== actor.getSnapshot().context.selectedId && actor.getSnapshot().context.dashboards.length > 0) actor.send({ type: 'SELECT', dashboardId });
  }, [actor, dashboardId]);
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot };
}
