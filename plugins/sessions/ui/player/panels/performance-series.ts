import { bytesToMegabytes } from '@cassette/plugin-sdk/ui';
import type { LocationEvent, PerformanceSample, SessionEventItem } from '../../../shared/session.js';

/** [session time in ms, value] pairs; missing values leave the point out rather than plot a zero. */
export type SeriesPoint = [number, number];

export interface PerformanceSeries {
  cpu: SeriesPoint[];
  memory: SeriesPoint[];
  fps: SeriesPoint[];
}

export function buildPerformanceSeries(samples: readonly PerformanceSample[]): PerformanceSeries {
  const sorted = [...samples].sort((a, b) => a.time - b.time);
  const series: PerformanceSeries = { cpu: [], memory: [], fps: [] };
  for (const sample of sorted) {
    if (sample.cpu !== null) series.cpu.push([sample.time, sample.cpu]);
    if (sample.memoryUsed !== null) series.memory.push([sample.time, Math.round(bytesToMegabytes(sample.memoryUsed) * 10) / 10]);
    if (sample.fps !== null) series.fps.push([sample.time, sample.fps]);
  }
  return series;
}

export interface PageLoadTimings {
  key: string;
  time: number;
  url: string;
  ttfb: number | null;
  domContentLoaded: number | null;
  load: number | null;
  fcp: number | null;
  lcp: number | null;
}

/** One row per page view that has at least one timing (pages still loading have none yet). */
export function pageLoadTimings(events: readonly SessionEventItem[]): PageLoadTimings[] {
  return events
    .filter((event): event is LocationEvent => event.type === 'LOCATION')
    .map((event) => ({
      key: event.key,
      time: event.time,
      url: event.url,
      ttfb: event.ttfb,
      domContentLoaded: event.domContentLoadedTime,
      load: event.loadTime ?? event.pageLoad,
      fcp: event.fcpTime,
      lcp: event.lcpTime,
    }))
    .filter((row) => [row.ttfb, row.domContentLoaded, row.load, row.fcp, row.lcp].some((value) => value !== null))
    .sort((a, b) => a.time - b.time);
}
