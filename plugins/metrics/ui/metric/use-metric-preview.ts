import { useEffect, useMemo, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useApi } from '@cassette/plugin-sdk/ui';
import { DEFAULT_DENSITY } from '../constants.js';
import { bodyOf } from '../editor/metric-draft.js';
import { metricsRoutes } from '../paths.js';
import type { MetricChart, MetricDraft } from '../wire.js';
import { widgetChartMachine, type ChartPeriod } from '../dashboard/widget-chart.machine.js';

/** The Trend preview: the draft as it is now (`POST /metrics/try`), 500 ms after the last edit. */
export function useMetricPreview(projectId: number, draft: MetricDraft, period: ChartPeriod) {
  const api = useApi();
  const draftKey = JSON.stringify(bodyOf(draft));
  // The loader reads the draft when its wait ends, not when the machine was made.
  const latest = useRef(draft);
  latest.current = draft;
  const machine = useMemo(
    () =>
      widgetChartMachine.provide({
        actors: {
          loadChart: fromPromise(async ({ input }: { input: { period: ChartPeriod; compare: boolean } }): Promise<unknown> =>
            api.post<MetricChart>(metricsRoutes.tryChart(projectId), { ...bodyOf(latest.current), ...input.period, density: DEFAULT_DENSITY }),
          ),
        },
      }),
    [api, projectId],
  );
  const actor = useActorRef(machine, { input: { period, compare: null } });
  useEffect(() => actor.send({ type: 'SET_PERIOD', period }), [actor, period.startTimestamp, period.endTimestamp]);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else actor.send({ type: 'REFRESH' });
  }, [actor, draftKey]);
  const snapshot = useSelector(actor, (s) => s);
  return { chart: snapshot.context.main as MetricChart | null, failure: snapshot.context.mainFailure, loading: !snapshot.matches({ main: 'ready' }) && !snapshot.matches({ main: 'failed' }) };
}
