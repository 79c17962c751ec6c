import type { ContributedMarkerLevel } from '../../api.js';
import type { Session } from '../../shared/session.js';

export type MarkerType = 'location' | 'click' | 'click_rage' | 'error' | 'issue' | 'contributed';

/** Something worth seeing on the timeline: a page visit, a click, an error, an issue. */
export interface TimelineMarker {
  key: string;
  type: MarkerType;
  /** Player time (ms since the session start). */
  time: number;
  /** What it was about (the marker's title adds the kind: 'Click Rage', 'Error', ...). */
  label: string;
  /** A marker another plugin contributed: whose it is (the fill's label, its title) and how loud. */
  contributed?: { title: string; level: ContributedMarkerLevel };
}

/** Issue types already drawn from the events and errors (rage clicks, JS errors): not drawn twice. */
const ISSUES_SHOWN_ELSEWHERE = new Set(['click_rage', 'js_exception']);

function describeTarget(content: string, target: { label: string; path: string }): string {
  return (content || target.label || target.path || 'element').trim();
}

/** The timeline's markers, in time order. */
export function buildMarkers(session: Pick<Session, 'events' | 'errors' | 'issues'>): TimelineMarker[] {
  const markers: TimelineMarker[] = [];
  for (const event of session.events) {
    if (event.type === 'LOCATION') {
      markers.push({ key: `l:${event.key}`, type: 'location', time: event.time, label: `${event.title || event.path || event.url}` });
    } else if (event.type === 'CLICK') {
      markers.push({ key: `c:${event.key}`, type: 'click', time: event.time, label: `${describeTarget(event.targetContent, event.target)}` });
    } else if (event.type === 'CLICKRAGE') {
      markers.push({ key: `r:${event.key}`, type: 'click_rage', time: event.time, label: `${event.count} clicks on ${describeTarget(event.targetContent, event.target)}` });
    }
  }
  for (const error of session.errors) {
    markers.push({ key: `e:${error.key}`, type: 'error', time: error.time, label: `${error.name}${error.message ? `: ${error.message}` : ''}` });
  }
  for (const issue of session.issues) {
    if (!issue.visible || ISSUES_SHOWN_ELSEWHERE.has(issue.type)) continue;
    markers.push({ key: `i:${issue.issueId}`, type: 'issue', time: issue.time, label: issue.contextString ? `${issue.name}: ${issue.contextString}` : issue.name });
  }
  return markers.sort((a, b) => a.time - b.time);
}
