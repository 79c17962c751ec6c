// The answer of `POST /dashboard/{widget}` as the cards read it: the kinds the sessions plugin's
// analytics service answers for a predefined widget; a kind not listed draws 'Widget not supported'.
import type { CatalogueWidgetAnswer } from '@cassette/plugin-sessions/api';

export type CatalogueAnswerView = CatalogueWidgetAnswer;

const KINDS = new Set<string>(['overview', 'timeseries', 'table', 'distribution', 'map', 'unavailable'] satisfies CatalogueWidgetAnswer['kind'][]);

export function isCatalogueAnswer(answer: unknown): answer is CatalogueAnswerView {
  return typeof answer === 'object' && answer !== null && KINDS.has((answer as { kind?: unknown }).kind as string);
}

/** A value with its unit, as a card shows it. */
export function formatValue(value: number | null | undefined, unit: string): string {
  if (value === null || value === undefined) return '—';
  const rounded = Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  const text = rounded.toLocaleString('en-US');
  switch (unit) {
    case 'ms':
      return `${text} ms`;
    case 'percent':
      return `${text} %`;
    case 'fps':
      return `${text} fps`;
    case 'bytes':
      return value >= 1_048_576 ? `${(Math.round((value / 1_048_576) * 10) / 10).toLocaleString('en-US')} MB` : value >= 1024 ? `${Math.round(value / 1024)} KB` : `${text} B`;
    case 'MB':
      return `${text} MB`;
    case 'minutes':
      return `${text} min`;
    default:
      return text;
  }
}

/** The change against the previous period, in percent (null when it cannot be said). */
export function changePercent(value: number | null, previous: number | null): number | null {
  if (value === null || previous === null || previous === 0) return null;
  return Math.round(((value - previous) / previous) * 100);
}
