import { formatElapsed } from '@cassette/plugin-sdk/ui';
import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { TimeRange } from './player.machine.js';
import type { TimelineMarker } from './timeline-markers.js';

export interface TimelineProps {
  duration: number;
  currentTime: number;
  /** Downloaded parts of the recording. */
  loaded: readonly TimeRange[];
  markers: readonly TimelineMarker[];
  onSeek(time: number): void;
}

const MARKER_TITLES: Record<TimelineMarker['type'], string> = {
  location: 'Page visit',
  click: 'Click',
  click_rage: 'Click Rage',
  error: 'Error',
  issue: 'Issue',
  contributed: 'Marker',
};

function percent(time: number, duration: number): string {
  if (duration <= 0) return '0%';
  return `${Math.min(100, Math.max(0, (time / duration) * 100))}%`;
}

/** The scrubber: played part, downloaded part, markers; click or drag to seek. */
export function Timeline({ duration, currentTime, loaded, markers, onSeek }: TimelineProps) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [dragTime, setDragTime] = useState<number | null>(null);
  const [hoverTime, setHoverTime] = useState<number | null>(null);
  const [hoverMarker, setHoverMarker] = useState<{ marker: TimelineMarker; text: string } | null>(null);

  function timeAt(clientX: number): number {
    const rect = trackRef.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0) return 0;
    return Math.round(Math.min(1, Math.max(0, (clientX - rect.left) / rect.width)) * duration);
  }

  function onPointerDown(e: ReactPointerEvent<HTMLDivElement>) {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setDragTime(timeAt(e.clientX));
  }
  function onPointerMove(e: ReactPointerEvent<HTMLDivElement>) {
    const time = timeAt(e.clientX);
    setHoverTime(time);
    if (dragTime !== null) setDragTime(time);
  }
  function onPointerUp(e: ReactPointerEvent<HTMLDivElement>) {
    if (dragTime === null) return;
    const time = timeAt(e.clientX);
    setDragTime(null);
    onSeek(time);
  }

  const shown = dragTime ?? currentTime;
  return (
    <div className="cs-timeline" data-testid="player-timeline">
      <div
        ref={trackRef}
        className="cs-timeline__track"
        data-testid="player-timeline-track"
        role="slider"
        tabIndex={-1}
        aria-label="Session timeline"
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(shown)}
        aria-valuetext={`${formatElapsed(shown)} of ${formatElapsed(duration)}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerLeave={() => setHoverTime(null)}
      >
        {loaded.map((range) => (
          <div
            key={`${range.start}-${range.end}`}
            className="cs-timeline__loaded"
            data-testid="player-timeline-loaded"
            style={{ left: percent(range.start, duration), width: percent(Math.min(range.end, duration) - range.start, duration) }}
          />
        ))}
        <div className="cs-timeline__played" style={{ width: percent(shown, duration) }} />
        <div className="cs-timeline__thumb" style={{ left: percent(shown, duration) }} />
        {hoverTime !== null && dragTime === null && (
          <div className="cs-timeline__hover" style={{ left: percent(hoverTime, duration) }} aria-hidden>
            {formatElapsed(hoverTime)}
          </div>
        )}
      </div>
      <div className="cs-timeline__markers">
        {markers.map((marker) => {
          const description = `${marker.contributed?.title ?? MARKER_TITLES[marker.type]}: ${marker.label} (${formatElapsed(marker.time)})`;
          const level = marker.contributed?.level;
          return (
          <button
            key={marker.key}
            type="button"
            className={`cs-timeline__marker cs-timeline__marker--${marker.type}${level ? ` cs-timeline__marker--level-${level}` : ''}`}
            data-marker-type={marker.type}
            data-marker-level={level}
            style={{ left: percent(marker.time, duration) }}
            title={description}
            aria-label={description}
            onClick={() => onSeek(marker.time)}
            onMouseEnter={() => setHoverMarker({ marker, text: description })}
            onMouseLeave={() => setHoverMarker(null)}
            onFocus={() => setHoverMarker({ marker, text: description })}
            onBlur={() => setHoverMarker(null)}
          />
          );
        })}
        {hoverMarker && (
          <div
            className={`cs-timeline__tip cs-timeline__tip--${hoverMarker.marker.contributed ? `level-${hoverMarker.marker.contributed.level}` : hoverMarker.marker.type}`}
            role="tooltip"
            data-testid="player-marker-tip"
            style={{ left: percent(hoverMarker.marker.time, duration) }}
          >
            {hoverMarker.text}
          </div>
        )}
      </div>
    </div>
  );
}
