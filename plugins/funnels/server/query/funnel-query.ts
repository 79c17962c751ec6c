import { badRequest } from '@cassette/plugin-sdk/server';
import type { AnalyticsRange, SearchFilterItem, StageSpan } from '@cassette/plugin-sessions/api';
import type { FunnelQueryBody } from '../../shared/funnel.js';
import { DEFAULT_RANGE, namedRangeBounds, RANGE_NAMES, type RangeName } from './date-range.js';

/** A funnel question made definite: the dates, the stages, and extra session attributes. */
export interface ResolvedQuery {
  range: AnalyticsRange;
  span: StageSpan;
  filters: SearchFilterItem[];
}

interface RangeInput {
  rangeValue?: string | null;
  startDate?: number | null;
  endDate?: number | null;
}

/**
 * The dates a request names: startDate and endDate when both are given (the UI computes them in
 * the viewer's timezone), else the named range (UTC days), else the past 7 days.
 */
export function resolveRange(input: RangeInput, now = Date.now()): AnalyticsRange {
  const start = input.startDate ?? null;
  const end = input.endDate ?? null;
  if (start !== null || end !== null) {
    if (start === null || end === null) throw badRequest('Give both startDate and endDate (epoch milliseconds), or neither and a rangeValue.');
    if (start > end) throw badRequest('startDate must not be after endDate.');
    return { startDate: start, endDate: end };
  }
  const name = input.rangeValue ?? DEFAULT_RANGE;
  if (!(RANGE_NAMES as readonly string[]).includes(name)) throw badRequest(`Unknown rangeValue ${JSON.stringify(name)}; use one of: ${RANGE_NAMES.join(', ')}.`);
  const bounds = namedRangeBounds(name as RangeName, now);
  if (!bounds) throw badRequest('A CUSTOM_RANGE needs its startDate and endDate (epoch milliseconds).');
  return bounds;
}

/**
 * The stages a request names (1-based, both or neither): 1 <= firstStage < lastStage <= steps.
 * Neither: the whole funnel. A one-step funnel's whole span is that step.
 */
export function resolveSpan(input: { firstStage?: number; lastStage?: number }, steps: number): StageSpan {
  const { firstStage, lastStage } = input;
  if (firstStage === undefined && lastStage === undefined) return { firstStage: 1, lastStage: steps };
  if (firstStage === undefined || lastStage === undefined) throw badRequest('Give both firstStage and lastStage (1-based), or neither for the whole funnel.');
  if (!(firstStage >= 1 && firstStage < lastStage && lastStage <= steps)) {
    throw badRequest(
      steps < 2
        ? 'This funnel has one step, so there is no span of stages to choose; leave firstStage and lastStage out.'
        : `firstStage and lastStage must satisfy 1 <= firstStage < lastStage <= ${steps} (the funnel's steps); got ${firstStage} and ${lastStage}.`,
    );
  }
  return { firstStage, lastStage };
}

/** A request body's question about a funnel of `steps` steps. */
export function resolveQuery(body: Omit<FunnelQueryBody, 'filter'>, steps: number, now = Date.now()): ResolvedQuery {
  return { range: resolveRange(body, now), span: resolveSpan(body, steps), filters: body.filters ?? [] };
}
