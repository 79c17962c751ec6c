import { formatMilliseconds } from '@cassette/plugin-sdk/ui';
import type { SessionEventItem } from '../../../shared/session.js';
import { matchesText } from './current-item.js';

/** What a row of the event list shows, and what the search box looks through. */
export interface EventSummary {
  /** The type as users read it. */
  label: string;
  title: string;
  detail: string | null;
  /** A short fact beside the title: load time, click count. */
  badge: string | null;
}

const TYPE_LABELS: Record<SessionEventItem['type'], string> = {
  LOCATION: 'Page',
  CLICK: 'Click',
  CLICKRAGE: 'Click rage',
  INPUT: 'Input',
  CUSTOM: 'Custom',
};

/** Custom payloads can be large: a row shows their start, enough to recognise and search them. */
export const PAYLOAD_PREVIEW_MAX = 300;

function payloadText(payload: unknown): string | null {
  if (payload === null || payload === undefined) return null;
  let text: string;
  try {
    text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  } catch {
    text = String(payload);
  }
  return text.length > PAYLOAD_PREVIEW_MAX ? `${text.slice(0, PAYLOAD_PREVIEW_MAX)}…` : text;
}

export function summarizeEvent(event: SessionEventItem): EventSummary {
  const label = TYPE_LABELS[event.type];
  switch (event.type) {
    case 'LOCATION': {
      const load = event.loadTime ?? event.pageLoad;
      return { label, title: event.url, detail: event.title, badge: load === null ? null : `Load ${formatMilliseconds(load)}` };
    }
    case 'CLICK':
    case 'CLICKRAGE':
      return {
        label,
        title: event.target.label || event.targetContent || event.target.path,
        detail: event.target.path,
        // A plain click is one click: the count only says something for bursts.
        badge: event.type === 'CLICKRAGE' || event.count > 1 ? `×${event.count}` : null,
      };
    case 'INPUT':
      return { label, title: event.target.label || event.target.path, detail: event.value, badge: null };
    case 'CUSTOM':
      return { label, title: event.name, detail: payloadText(event.payload), badge: null };
  }
}

export function filterEvents(events: readonly SessionEventItem[], query: string): SessionEventItem[] {
  return events.filter((event) => {
    const summary = summarizeEvent(event);
    return matchesText(query, [summary.label, summary.title, summary.detail, summary.badge]);
  });
}
