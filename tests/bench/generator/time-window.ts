import type { SqlFragment } from '@cassette/plugin-sdk/server';
import { arrayOf, sql } from './sql.js';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** Relative traffic by UTC hour: an audience in Europe and the Americas, quiet in the small hours. */
export const TRAFFIC_BY_UTC_HOUR = [4.5, 3.5, 2.8, 2.2, 1.8, 1.8, 2.4, 3.4, 4.6, 5.4, 5.8, 6.0, 6.3, 6.8, 7.2, 7.4, 7.3, 7.2, 7.3, 7.6, 7.6, 7.0, 6.2, 5.4];
/** Saturdays and Sundays are quieter; traffic grows by 30 % over the window. */
const WEEKEND_FACTOR: Readonly<Record<number, number>> = { 6: 0.8, 0: 0.85 };
const GROWTH_OVER_WINDOW = 0.3;

/** The window's hours (the last one cut at `now`) and each hour's share of the sessions. */
export interface TimeWindow {
  firstHourMs: number;
  nowMs: number;
  weights: number[];
}

export function timeWindow(nowMs: number, days: number): TimeWindow {
  if (!Number.isInteger(days) || days < 1 || days > 365) throw new Error(`days must be 1 to 365, not ${days}`);
  const today = new Date(nowMs);
  const todayStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const firstHourMs = todayStart - (days - 1) * DAY_MS;
  const weights: number[] = [];
  for (let h = firstHourMs; h < nowMs; h += HOUR_MS) {
    const at = new Date(h);
    const day = Math.floor((h - firstHourMs) / DAY_MS);
    const dayWeight = (WEEKEND_FACTOR[at.getUTCDay()] ?? 1) * (1 + (GROWTH_OVER_WINDOW * day) / days);
    const span = Math.min(HOUR_MS, nowMs - h);
    weights.push(dayWeight * TRAFFIC_BY_UTC_HOUR[at.getUTCHours()]! * (span / HOUR_MS));
  }
  return { firstHourMs, nowMs, weights };
}

function cumulative(window: TimeWindow): { lowers: number[]; widths: number[] } {
  const total = window.weights.reduce((a, b) => a + b, 0);
  const lowers: number[] = [];
  const widths: number[] = [];
  let sum = 0;
  for (const w of window.weights) {
    lowers.push(sum / total);
    widths.push(w / total);
    sum += w;
  }
  return { lowers, widths };
}

/** The 1-based hour of the window that `x` in [0, 1) falls in (hours as wide as their traffic). */
export function hourOf(window: TimeWindow, x: SqlFragment): SqlFragment {
  return sql`width_bucket(${x}, ${arrayOf(cumulative(window).lowers, 'float8[]')})`;
}

/**
 * Epoch ms for `x` in [0, 1) whose hour is `hour` (from hourOf): the inverse of the window's
 * traffic curve, so evenly spread `x` (session n of N) give start times that follow the
 * daily rhythm and rise with n.
 */
export function startMsOf(window: TimeWindow, x: SqlFragment, hour: SqlFragment): SqlFragment {
  const { lowers, widths } = cumulative(window);
  const hourStart = sql`(${window.firstHourMs}::int8 + (${hour} - 1)::int8 * ${HOUR_MS})`;
  const within = sql`least(1.0, greatest(0.0, (${x} - (${arrayOf(lowers, 'float8[]')})[${hour}]) / (${arrayOf(widths, 'float8[]')})[${hour}]))`;
  return sql`(${hourStart} + floor(${within} * least(${HOUR_MS}, ${window.nowMs}::int8 - ${hourStart}))::int8)`;
}
