import { useState } from 'react';
import { Button, DateRangePicker, DEFAULT_DATE_RANGE, FormErrors, Loader, rangeBounds, useApi, useHost, useLatestAnswer, type DateRangeValue } from '@cassette/plugin-sdk/ui';
import type { HeatmapAnswer } from '../../shared/heatmap.js';

export interface HeatmapRange {
  value: DateRangeValue;
  startDate: number;
  endDate: number;
}

/** The page's heatmap over the picked range (the last 7 days first), loaded again when either changes. */
export function useHeatmap(projectId: number, url: string | null) {
  const api = useApi();
  const { timezone } = useHost();
  const [range, setRange] = useState<HeatmapRange>(() => ({ value: DEFAULT_DATE_RANGE, ...rangeBounds(DEFAULT_DATE_RANGE, timezone, Date.now()) }));
  const body = url === null ? null : { url, startDate: range.startDate, endDate: range.endDate };
  const answer = useLatestAnswer<HeatmapAnswer>(body && JSON.stringify([projectId, body]), () => api.post<HeatmapAnswer>(`/${projectId}/heatmaps/url`, body!), 'The heatmap could not be loaded. Check your connection and try again.');
  return { answer, range, setRange };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What the heatmap shows and over which days, above the replayed page: the range picker, the
 * counts (visits, clicks, rage and dead clicks), the scroll map's key, and the way out.
 */
export function HeatmapBar({ url, heatmap, onClose }: { url: string; heatmap: ReturnType<typeof useHeatmap>; onClose(): void }) {
  const { answer, range, setRange } = heatmap;
  const data = answer.data;
  const count = (type: 'click_rage' | 'dead_click') => data?.frustrations.filter((f) => f.type === type).reduce((n, f) => n + f.count, 0) ?? 0;
  const half = data && data.scroll.views > 0 ? Math.round(((data.scroll.reached[5] ?? 0) / data.scroll.views) * 100) : null;
  const bottom = data && data.scroll.views > 0 ? Math.round(((data.scroll.reached[data.scroll.reached.length - 1] ?? 0) / data.scroll.views) * 100) : null;
  return (
    <div className="cs-heatmap-bar" data-testid="heatmap-bar" role="region" aria-label="Heatmap">
      <strong className="cs-heatmap-bar__title" title={url}>
        Heatmap of {data?.path ?? url}
      </strong>
      <DateRangePicker
        value={range.value}
        startDate={range.startDate}
        endDate={range.endDate}
        onChange={(value, bounds) => {
          if (bounds.startDate !== null && bounds.endDate !== null) setRange({ value, startDate: bounds.startDate, endDate: bounds.endDate });
        }}
      />
      {answer.loading && <Loader label="Loading the heatmap" />}
      {!answer.loading && answer.errors.length > 0 && (
        <span className="cs-heatmap-bar__errors">
          <FormErrors errors={answer.errors} />
          <Button variant="secondary" onClick={answer.retry}>
            Try again
          </Button>
        </span>
      )}
      {!answer.loading && data && (
        <span className="cs-heatmap-bar__counts" data-testid="heatmap-counts">
          {data.totalClicks === 0
            ? `No clicks recorded on this page in ${plural(data.pageViews, 'visit', 'visits')}: pick a longer range.`
            : `${plural(data.pageViews, 'visit', 'visits')} · ${plural(data.totalClicks, 'click', 'clicks')}`}
          {count('click_rage') > 0 && <span className="cs-heatmap-bar__rage"> · {plural(count('click_rage'), 'rage click', 'rage clicks')}</span>}
          {count('dead_click') > 0 && <span className="cs-heatmap-bar__dead"> · {plural(count('dead_click'), 'dead click', 'dead clicks')}</span>}
          {half !== null && bottom !== null && (
            <span className="cs-heatmap-bar__scroll" title="The strip on the right: red where every visit scrolled, blue where few did">
              {' '}
              · Scroll: {half}% saw half the page, {bottom}% the bottom
            </span>
          )}
        </span>
      )}
      <Button variant="secondary" onClick={onClose}>
        Close heatmap
      </Button>
    </div>
  );
}
