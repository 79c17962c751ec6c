import { formatElapsed } from '@cassette/plugin-sdk/ui';
import { useId, useState } from 'react';
import { PLAYER_SHORTCUTS } from './player-shortcuts.js';
import { PLAYER_SPEEDS, type PlayerSpeed } from './player.machine.js';

export interface PlayerControlsProps {
  /** Shows Pause (playing, or waiting to play). */
  playing: boolean;
  disabled: boolean;
  buffering: boolean;
  currentTime: number;
  duration: number;
  speed: PlayerSpeed;
  skipInactivity: boolean;
  fullscreen: boolean;
  onTogglePlay(): void;
  onSpeed(speed: PlayerSpeed): void;
  onToggleSkipInactivity(): void;
  onToggleFullscreen(): void;
}

/** Play / pause, time, speed, skip inactivity, fullscreen, and the shortcuts help. */
export function PlayerControls(props: PlayerControlsProps) {
  const { playing, disabled, buffering, currentTime, duration, speed, skipInactivity, fullscreen } = props;
  const [helpOpen, setHelpOpen] = useState(false);
  const helpId = useId();
  return (
    <div className="cs-player-controls">
      <button
        type="button"
        className="cs-player-controls__play"
        data-testid="player-play"
        aria-label={playing ? 'Pause' : 'Play'}
        title={playing ? 'Pause (Space)' : 'Play (Space)'}
        disabled={disabled}
        onClick={props.onTogglePlay}
      >
        {playing ? (
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden>
            <rect x="3" y="2" width="3.5" height="12" rx="1" fill="currentColor" />
            <rect x="9.5" y="2" width="3.5" height="12" rx="1" fill="currentColor" />
          </svg>
        ) : (
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden>
            <path d="M4 2.5v11l9.5-5.5z" fill="currentColor" />
          </svg>
        )}
      </button>
      <span className="cs-player-controls__time" aria-live="off">
        <span data-testid="player-time">{formatElapsed(currentTime)}</span>
        <span className="cs-muted"> / {formatElapsed(duration)}</span>
      </span>
      {buffering && (
        <span className="cs-player-controls__buffering" role="status">
          Loading this part of the recording…
        </span>
      )}
      <span className="cs-player-controls__spacer" />
      <label className="cs-player-controls__speed">
        <span className="cs-visually-hidden">Playback speed</span>
        <select
          className="cs-select cs-player-controls__select"
          data-testid="player-speed"
          value={String(speed)}
          onChange={(e) => props.onSpeed(Number(e.target.value) as PlayerSpeed)}
        >
          {PLAYER_SPEEDS.map((s) => (
            <option key={s} value={String(s)}>
              {s}x
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className={['cs-player-chip', skipInactivity ? 'cs-player-chip--on' : ''].filter(Boolean).join(' ')}
        data-testid="player-skip-inactivity"
        aria-pressed={skipInactivity}
        title="Fast-forward through moments without user activity"
        onClick={props.onToggleSkipInactivity}
      >
        Skip inactivity
      </button>
      <button
        type="button"
        className="cs-player-chip"
        data-testid="player-fullscreen"
        aria-pressed={fullscreen}
        title={fullscreen ? 'Exit fullscreen (F)' : 'Fullscreen (F)'}
        onClick={props.onToggleFullscreen}
      >
        {fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
      </button>
      <span className="cs-player-help" onMouseEnter={() => setHelpOpen(true)} onMouseLeave={() => setHelpOpen(false)}>
        <button
          type="button"
          className="cs-player-chip cs-player-help__button"
          aria-label="Keyboard shortcuts"
          aria-expanded={helpOpen}
          aria-describedby={helpOpen ? helpId : undefined}
          onClick={() => setHelpOpen((open) => !open)}
          onBlur={() => setHelpOpen(false)}
        >
          ?
        </button>
        {helpOpen && (
          <span role="tooltip" id={helpId} className="cs-player-help__tooltip">
            <strong>Keyboard shortcuts</strong>
            {PLAYER_SHORTCUTS.map((s) => (
              <span key={s.keys} className="cs-player-help__row">
                <kbd className="cs-key">{s.keys}</kbd> {s.does}
              </span>
            ))}
          </span>
        )}
      </span>
    </div>
  );
}
