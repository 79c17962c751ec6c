import { useEffect, useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useApi } from '@cassette/plugin-sdk/ui';
import { DEFAULT_DENSITY, OVERVIEW_DENSITY } from '../constants.js';
import { metricsRoutes } from '../paths.js';
import type { MetricChart, Widget } from '../wire.js';
import { widgetChartMachine, type ChartPeriod } from './widget-chart.machine.js';

/** A card's chart: its machine with the chart route as loader (a catalogue widget calls `/dashboard/{key}`). */
export function useWidgetChart(projectId: number, widget: Widget, period: ChartPeriod, compare: ChartPeriod | null, revision: number) {
  const api = useApi();
  const predefined = widget.metricType === 'predefined';
  const machine = useMemo(
    () =>
      widgetChartMachine.provide({
        actors: {
          loadChart: fromPromise(async ({ input }: { input: { period: ChartPeriod; compare: boolean } }) => {
            if (predefined) {
              const density = widget.viewType === 'overview' ? OVERVIEW_DENSITY : DEFAULT_DENSITY;
              return api.post<unknown>(metricsRoutes.catalogueWidget(projectId, widget.predefinedKey ?? widget.metricOf), { ...input.period, density });
            }
            return api.post<MetricChart>(metricsRoutes.chart(projectId, widget.metricId), { ...input.period, density: DEFAULT_DENSITY });
          }),
        },
      }),
    [api, projectId, widget.metricId, widget.metricOf, widget.predefinedKey, widget.viewType, predefined],
  );
  const actor = useActorRef(machine, { input: { period, compare } });
  useEffect(() => actor.send({ type: 'SET_PERIOD', period }), [actor, period.startTimestamp, period.endTimestamp]);
  useEffect(() => actor.send({ type: 'SET_COMPARE', compare }), [actor, compare?.startTimestamp, compare?.endTimestamp]);
  useEffect(() => {
    if (revision > 0) actor.send({ type: 'REFRESH' });
  }, [actor, revision]);
  const snapshot = useSelector(actor, (s) => s);
  return {
    main: snapshot.context.main,
    compared: snapshot.context.compared,
    mainLoading: snapshot.matches({ main: 'waiting' }) || snapshot.matches({ main: 'loading' }),
    compareLoading: snapshot.matches({ compare: 'waiting' }) || snapshot.matches({ compare: 'loading' }),
    mainFailure: snapshot.context.mainFailure,
    compareFailure: snapshot.context.compareFailure,
    retry: () => actor.send({ type: 'RETRY' }),
  };
}
