import { badRequest } from '@cassette/plugin-sdk/server';
import type { AnalyticsRange, BreakdownDimension, SeriesMeasure } from '../../shared/analytics.js';
import type { SessionSearchFilter } from '../../shared/search.js';
import { MAX_EPOCH_MS } from '../search/filter-validation.js';

/**
 * The checks every analytics question shares, before any SQL: a range the database can read,
 * a known measure, a bucket width and a row limit that keep an answer small. Each failure is a
 * 400 naming the field, what it got and what is allowed; the filter itself is the filter
 * compiler's to read.
 */

export const SERIES_MEASURES: readonly SeriesMeasure[] = ['sessionCount', 'userCount'];
export const BREAKDOWN_DIMENSIONS: readonly BreakdownDimension[] = ['issue', 'browser', 'os', 'device', 'country', 'url'];
/** Finer buckets say nothing a session list does not, and cost a row each. */
export const MIN_BUCKET_MS = 60_000;
/** A chart is a few hundred points wide; more buckets only make the answer bigger. */
export const MAX_SERIES_BUCKETS = 1000;
export const MAX_BREAKDOWN_LIMIT = 100;

const show = (value: unknown): string => {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function epochMs(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MAX_EPOCH_MS) {
    throw badRequest(`${name} must be a time in epoch milliseconds (a whole number from 0 to ${MAX_EPOCH_MS}); got ${show(value)}`);
  }
  return value;
}

/** Both ends given and in order (inclusive: a range of one millisecond has start = end). */
export function checkRange(range: unknown): AnalyticsRange {
  if (!isObject(range)) throw badRequest(`range must be an object { startDate, endDate } in epoch milliseconds; got ${show(range)}`);
  const startDate = epochMs(range.startDate, 'range.startDate');
  const endDate = epochMs(range.endDate, 'range.endDate');
  if (startDate > endDate) throw badRequest(`range.startDate (${startDate}) is after range.endDate (${endDate})`);
  return { startDate, endDate };
}

export function checkMeasure(measure: unknown): SeriesMeasure {
  if (!(SERIES_MEASURES as readonly unknown[]).includes(measure)) throw badRequest(`measure must be one of: ${SERIES_MEASURES.join(', ')}; got ${show(measure)}`);
  return measure as SeriesMeasure;
}

export function checkDimension(by: unknown): BreakdownDimension {
  if (!(BREAKDOWN_DIMENSIONS as readonly unknown[]).includes(by)) throw badRequest(`by must be one of: ${BREAKDOWN_DIMENSIONS.join(', ')}; got ${show(by)}`);
  return by as BreakdownDimension;
}

export function checkLimit(limit: unknown): number {
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_BREAKDOWN_LIMIT) {
    throw badRequest(`limit must be a whole number from 1 to ${MAX_BREAKDOWN_LIMIT}; got ${show(limit)}`);
  }
  return limit;
}

/** Buckets of `bucketMs` from range.startDate to range.endDate, the last one cut short by the range's end. */
export function bucketCount(range: AnalyticsRange, bucketMs: number): number {
  return Math.floor((range.endDate - range.startDate) / bucketMs) + 1;
}

/** A whole number of milliseconds, at least a minute, and at most MAX_SERIES_BUCKETS buckets over the range. */
export function checkBucket(bucketMs: unknown, range: AnalyticsRange): number {
  if (typeof bucketMs !== 'number' || !Number.isInteger(bucketMs) || bucketMs < MIN_BUCKET_MS || bucketMs > MAX_EPOCH_MS) {
    throw badRequest(`bucketMs must be a whole number of milliseconds, at least ${MIN_BUCKET_MS} (one minute); got ${show(bucketMs)}`);
  }
  const buckets = bucketCount(range, bucketMs);
  if (buckets > MAX_SERIES_BUCKETS) {
    const smallest = Math.max(MIN_BUCKET_MS, Math.floor((range.endDate - range.startDate) / MAX_SERIES_BUCKETS) + 1);
    throw badRequest(`bucketMs ${bucketMs} cuts the range into ${buckets} buckets; at most ${MAX_SERIES_BUCKETS} are allowed, so use a bucketMs of at least ${smallest} or a shorter range`);
  }
  return bucketMs;
}

/** The filter as the compiler reads it, its dates replaced by the range (the range decides which sessions count). */
export function filterOverRange(filter: unknown, range: AnalyticsRange): SessionSearchFilter {
  if (!isObject(filter)) throw badRequest(`filter must be a session search filter (an object such as { "filters": [] }); got ${show(filter)}`);
  return { ...(filter as SessionSearchFilter), startDate: range.startDate, endDate: range.endDate };
}

export function checkProjectId(projectId: unknown): number {
  // Server code passes a route's checked project id; anything else is a bug, not user input.
  if (typeof projectId !== 'number' || !Number.isSafeInteger(projectId)) throw new Error(`not a project id: ${String(projectId)}`);
  return projectId;
}

export function checkQuery(query: unknown): Record<string, unknown> {
  if (!isObject(query)) throw badRequest(`the analytics query must be an object; got ${show(query)}`);
  return query;
}
