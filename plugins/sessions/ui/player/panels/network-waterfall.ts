import type { SessionResource } from '../../../shared/session.js';

export interface WaterfallRange {
  start: number;
  end: number;
}

/** The span the bars are drawn against: from the first request to the end of the last one. */
export function waterfallRange(resources: readonly Pick<SessionResource, 'time' | 'duration'>[]): WaterfallRange | null {
  if (resources.length === 0) return null;
  let start = Infinity;
  let end = -Infinity;
  for (const resource of resources) {
    start = Math.min(start, resource.time);
    end = Math.max(end, resource.time + (resource.duration ?? 0));
  }
  return { start, end };
}

/** Where a request's bar sits, in percent of the range; a bar stays visible even when instant. */
export function waterfallBar(resource: Pick<SessionResource, 'time' | 'duration'>, range: WaterfallRange): { left: number; width: number } {
  const span = Math.max(1, range.end - range.start);
  const left = ((resource.time - range.start) / span) * 100;
  const width = Math.max(0.5, ((resource.duration ?? 0) / span) * 100);
  return { left: Math.min(left, 99.5), width: Math.min(width, 100 - Math.min(left, 99.5)) };
}
