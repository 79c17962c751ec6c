import { useEffect, useRef, useState } from 'react';
import { useApi } from '@cassette/plugin-sdk/ui';
import { DRILL_DOWN_DEBOUNCE_MS, METRIC_SESSIONS_PAGE_SIZE, SESSIONS_PAGE_DEBOUNCE_MS } from '../constants.js';
import { bodyOf } from '../editor/metric-draft.js';
import { metricsRoutes } from '../paths.js';
import type { MetricDraft, MetricSessionsAnswer } from '../wire.js';
import type { ChartPeriod } from '../dashboard/widget-chart.machine.js';

/** What the sessions list is narrowed to: a clicked point's bucket (and series), or a table row. */
export type Drill = { kind: 'point'; start: number; end: number; seriesIndex: number } | { kind: 'row'; value: string } | null;

/**
 * The sessions under the chart: a page change waits 500 ms, a drill-down (point or row) 1000 ms
 * (spec part 1 §9), so clicking through points or pages makes one call for where the user stops.
 */
export function useMetricSessions(projectId: number, draft: MetricDraft, period: ChartPeriod, drill: Drill, page: number) {
  const api = useApi();
  const [answer, setAnswer] = useState<MetricSessionsAnswer | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const last = useRef({ drill, page });
  const request = useRef(0);

  const draftKey = JSON.stringify(bodyOf(draft));
  useEffect(() => {
    const drillChanged = last.current.drill !== drill;
    const delay = drillChanged ? DRILL_DOWN_DEBOUNCE_MS : SESSIONS_PAGE_DEBOUNCE_MS;
    last.current = { drill, page };
    const id = ++request.current;
    setLoading(true);
    const timer = setTimeout(() => {
      const body = {
        ...bodyOf(draft),
        ...period,
        page,
        limit: METRIC_SESSIONS_PAGE_SIZE,
        ...(drill?.kind === 'point' ? { drillDownStart: drill.start, drillDownEnd: drill.end, seriesIndex: drill.seriesIndex } : {}),
        ...(drill?.kind === 'row' ? { value: drill.value } : {}),
      };
      api
        .post<MetricSessionsAnswer>(metricsRoutes.trySessions(projectId), body)
        .then((a) => id === request.current && (setAnswer(a), setFailed(false), setLoading(false)))
        .catch(() => id === request.current && (setFailed(true), setLoading(false)));
    }, delay);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, projectId, draftKey, period.startTimestamp, period.endTimestamp, drill, page]);

  return { answer, loading, failed };
}
