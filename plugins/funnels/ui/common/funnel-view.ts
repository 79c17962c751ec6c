// What a funnel page shows its figures over (range, stage span, cohort, page), kept in the URL so a
// reload, a shared link or Back from an issue lands on the same view.
import { isDateRangeValue, rangeBounds, type DateRangeValue } from '@cassette/plugin-sdk/ui';
import type { StageSpan } from '@cassette/plugin-sessions/api';
import type { FunnelQueryBody, FunnelSessionsCohort } from '../../shared/funnel.js';
import { FUNNEL_DEFAULT_RANGE } from '../constants.js';

/** The range as asked: a named range's bounds are worked out when asked, a custom range keeps its own. */
export interface FunnelRange {
  rangeValue: DateRangeValue;
  /** Epoch ms, both ends included. */
  startDate: number;
  endDate: number;
}

export interface FunnelView {
  rangeValue: DateRangeValue;
  /** A custom range's ends; null for the named ranges. */
  startDate: number | null;
  endDate: number | null;
  /** The stages the figures are over (1-based); null for the whole funnel. */
  span: StageSpan | null;
}

export const DEFAULT_FUNNEL_VIEW: FunnelView = { rangeValue: FUNNEL_DEFAULT_RANGE, startDate: null, endDate: null, span: null };

export const COHORTS: ReadonlyArray<{ value: FunnelSessionsCohort; label: string; hint: string }> = [
  { value: 'entered', label: 'All who entered', hint: 'Sessions that reached the first step' },
  { value: 'converted', label: 'Converted', hint: 'Sessions that reached the last step' },
  { value: 'dropped', label: 'Dropped', hint: 'Sessions that reached the first step but not the last' },
];

const epoch = (text: string | null): number | null => (text !== null && /^\d{1,15}$/.test(text) ? Number(text) : null);
const stage = (text: string | null): number | null => (text !== null && /^[1-9]\d?$/.test(text) ? Number(text) : null);

/** A span is two different stages, first before last; anything else is no span. */
export function spanOf(first: number | null, last: number | null): StageSpan | null {
  if (first === null || last === null || first === last) return null;
  return { firstStage: Math.min(first, last), lastStage: Math.max(first, last) };
}

export function readFunnelView(params: URLSearchParams): FunnelView {
  const rangeValue = params.get('rangeValue');
  const range = isDateRangeValue(rangeValue) ? rangeValue : FUNNEL_DEFAULT_RANGE;
  const startDate = range === 'CUSTOM_RANGE' ? epoch(params.get('startDate')) : null;
  const endDate = range === 'CUSTOM_RANGE' ? epoch(params.get('endDate')) : null;
  const custom = startDate !== null && endDate !== null && startDate <= endDate;
  return {
    rangeValue: range === 'CUSTOM_RANGE' && !custom ? FUNNEL_DEFAULT_RANGE : range,
    startDate: custom ? startDate : null,
    endDate: custom ? endDate : null,
    span: spanOf(stage(params.get('firstStage')), stage(params.get('lastStage'))),
  };
}

/** Defaults stay out of the URL; parameters owned by others (cohort, page) are kept. */
export function writeFunnelView(view: FunnelView, current: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | null) => (value === null ? next.delete(key) : next.set(key, value));
  const custom = view.rangeValue === 'CUSTOM_RANGE' && view.startDate !== null && view.endDate !== null;
  set('rangeValue', view.rangeValue === FUNNEL_DEFAULT_RANGE ? null : view.rangeValue);
  set('startDate', custom ? String(view.startDate) : null);
  set('endDate', custom ? String(view.endDate) : null);
  set('firstStage', view.span ? String(view.span.firstStage) : null);
  set('lastStage', view.span ? String(view.span.lastStage) : null);
  return next;
}

/** The view's range at `now` in the viewer's timezone. */
export function resolveRange(view: Pick<FunnelView, 'rangeValue' | 'startDate' | 'endDate'>, timezone: string, now: number = Date.now()): FunnelRange {
  const bounds = rangeBounds(view.rangeValue, timezone, now, { startDate: view.startDate, endDate: view.endDate });
  return { rangeValue: view.rangeValue, ...bounds };
}

/** The view of a resolved range and span (what the URL keeps: a named range without its dates). */
export function viewOf(range: FunnelRange, span: StageSpan | null): FunnelView {
  const custom = range.rangeValue === 'CUSTOM_RANGE';
  return { rangeValue: range.rangeValue, startDate: custom ? range.startDate : null, endDate: custom ? range.endDate : null, span };
}

/** The body of the insights, issues and sessions calls. */
export function funnelQueryBody(range: FunnelRange, span: StageSpan | null): FunnelQueryBody {
  const body: FunnelQueryBody = { rangeValue: range.rangeValue, startDate: range.startDate, endDate: range.endDate };
  if (span) {
    body.firstStage = span.firstStage;
    body.lastStage = span.lastStage;
  }
  return body;
}

export function readCohort(params: URLSearchParams): FunnelSessionsCohort {
  const cohort = params.get('cohort');
  return COHORTS.some((c) => c.value === cohort) ? (cohort as FunnelSessionsCohort) : 'entered';
}

export function readPage(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
