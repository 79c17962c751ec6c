import { MONTH_NAMES } from '../../format/date-time.js';
import { daysInMonth } from '../../../shared/zoned-time.js';

/** A calendar month; `month` is 1-12. */
export interface MonthRef {
  year: number;
  month: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The month of a day key ("2026-11-21"). */
export function monthOf(day: string): MonthRef {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

export function shiftMonth({ year, month }: MonthRef, months: number): MonthRef {
  const index = year * 12 + (month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Negative when `a` comes before `b`. */
export function compareMonths(a: MonthRef, b: MonthRef): number {
  return a.year * 12 + a.month - (b.year * 12 + b.month);
}

/** "November 2026". */
export function monthTitle({ year, month }: MonthRef): string {
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

/** "November 21, 2026": a day as a screen reader says it. */
export function dayTitle(day: string): string {
  const { year, month } = monthOf(day);
  return `${MONTH_NAMES[month - 1]} ${Number(day.slice(8, 10))}, ${year}`;
}

/**
 * The month as weeks from Sunday to Saturday, each cell a day key or null for the days of the
 * neighbouring months (the calendar leaves them blank).
 */
export function monthWeeks({ year, month }: MonthRef): (string | null)[][] {
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const cells: (string | null)[] = Array.from({ length: firstWeekday }, () => null);
  for (let day = 1; day <= daysInMonth(year, month); day++) cells.push(`${year}-${pad(month)}-${pad(day)}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}
