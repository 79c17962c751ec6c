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

/** Marks per timeline width: about one per 3 px of a 900 px bar. More would overlap and cost a DOM node each. */
export const TIMELINE_MARKER_SLOTS = 300;

/**
 * At most one marker of each kind per slot of the timeline: a session with thousands of clicks
 * or backend lines would otherwise draw thousands of overlapping marks. The kept one is the
 * slot's earliest (a click seeks to where the run starts), and its label says how many it stands for.
 */
export function thinMarkers(markers: readonly TimelineMarker[], duration: number, slots = TIMELINE_MARKER_SLOTS): TimelineMarker[] {
  if (markers.length <= slots || duration <= 0) return [...markers];
  const kept = new Map<string, { marker: TimelineMarker; count: number }>();
  for (const marker of markers) {
    const slot = Math.min(slots - 1, Math.max(0, Math.floor((marker.time / duration) * slots)));
    const kind = `${marker.type}\n${marker.contributed?.title ?? ''}\n${marker.contributed?.level ?? ''}`;
    const id = `${slot}\n${kind}`;
    const current = kept.get(id);
    if (!current) kept.set(id, { marker, count: 1 });
    else {
      current.count += 1;
      if (marker.time < current.marker.time) current.marker = marker;
    }
  }
  return [...kept.values()]
    .map(({ marker, count }) => (count === 1 ? marker : { ...marker, label: `${marker.label} (and ${count - 1} more here)` }))
    .sort((a, b) => a.time - b.time);
}
