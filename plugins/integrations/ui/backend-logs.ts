import type { ContributedMarkerLevel, ContributedTimelineMarker } from '@cassette/plugin-sessions/api';
import type { BackendLogLevel, BackendLogLine } from '../shared/integration.js';

/** `GET /sessions2/{sessionId}/backend_logs` (README "Routes"). */
export interface BackendLogsAnswer {
  lines: BackendLogLine[];
  failures: { source: string; message: string }[];
}

export const BACKEND_LOG_LEVELS: readonly BackendLogLevel[] = ['debug', 'info', 'warn', 'error'];

/** A line placed on the player's clock: milliseconds since the session start. */
export interface PlacedLine extends BackendLogLine {
  at: number;
}

/** The lines on the player's clock, in time order (equal times keep the answer's order). */
export function placeLines(lines: readonly BackendLogLine[], sessionStart: number): PlacedLine[] {
  return lines.map((line) => ({ ...line, at: line.time - sessionStart })).sort((a, b) => a.at - b.at || a.index - b.index);
}

// Errors and warnings stand out on the timeline; info and debug lines are the quiet ticks.
const MARKER_LEVELS: Record<BackendLogLevel, ContributedMarkerLevel> = { error: 'error', warn: 'warn', info: 'info', debug: 'info' };

/** One timeline marker per line, at the moment the panel shows it (a line logged before the recording: its start). */
export function lineMarkers(lines: readonly PlacedLine[]): ContributedTimelineMarker[] {
  return lines.map((line) => ({
    key: `${line.source}:${line.index}`,
    time: Math.max(0, line.at),
    level: MARKER_LEVELS[line.level],
    label: `${line.level} · ${line.source}${line.name ? ` · ${line.name}` : ''}: ${line.message}`,
  }));
}

/** Lines of a level (or all) and of a source (or all). */
export function filterLines(lines: readonly PlacedLine[], level: BackendLogLevel | 'all', source: string | 'all'): PlacedLine[] {
  return lines.filter((line) => (level === 'all' || line.level === level) && (source === 'all' || line.source === source));
}

/** The line the player is at: the last one at or before `currentTime`; -1 before the first. */
export function currentLineIndex(lines: readonly { at: number }[], currentTime: number): number {
  let low = 0;
  let high = lines.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (lines[middle]!.at <= currentTime) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** `mm:ss` from the session start; a line logged before the recording began shows `-mm:ss`. */
export function formatOffset(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const total = Math.floor(Math.abs(ms) / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${sign}${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}
