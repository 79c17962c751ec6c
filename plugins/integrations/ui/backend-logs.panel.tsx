// The player's "Backend logs" panel: what the site's backend logged with this session's tag, from
// every connected log source, on the player's clock.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, FormErrors, Loader, NoContent, Select } from '@cassette/plugin-sdk/ui';
import type { PlayerPanelSlotProps } from '@cassette/plugin-sessions/api';
import { SESSION_TAG } from '../api.js';
import type { BackendLogLevel } from '../shared/integration.js';
import { BACKEND_LOG_LEVELS, currentLineIndex, filterLines, formatOffset, placeLines } from './backend-logs.js';
import { useBackendLogs } from './use-backend-logs.js';
import './integrations.css';

export const NO_LINES_TITLE = 'No backend logs for this session.';

export default function BackendLogsPanel({ projectId, session, currentTime, seek }: PlayerPanelSlotProps) {
  // Shared with the timeline's markers: the lines are fetched once per session on screen.
  const { answer, errors, retry } = useBackendLogs(projectId, session.sessionId);
  const [level, setLevel] = useState<BackendLogLevel | 'all'>('all');
  const [source, setSource] = useState<string>('all');
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());

  const placed = useMemo(() => placeLines(answer?.lines ?? [], session.startedAt), [answer, session.startedAt]);
  const sources = useMemo(() => [...new Set(placed.map((l) => l.source))].sort(), [placed]);
  const shown = useMemo(() => filterLines(placed, level, source), [placed, level, source]);
  const currentIndex = currentLineIndex(shown, currentTime);
  const follow = useFollowCurrent<HTMLDivElement>(currentIndex);

  if (errors.length > 0) {
    return (
      <div className="backend-logs">
        <FormErrors errors={errors} />
        <Button size="small" onClick={retry}>
          Try again
        </Button>
      </div>
    );
  }
  if (!answer) return <Loader label="Loading backend logs" />;

  const toggle = (index: number) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <div className="backend-logs" data-testid="backend-logs">
      <div className="backend-logs__toolbar">
        <Select
          aria-label="Level"
          name="level"
          value={level}
          options={[{ value: 'all', label: 'All levels' }, ...BACKEND_LOG_LEVELS.map((l) => ({ value: l, label: l }))]}
          onChange={(e) => setLevel(e.target.value as BackendLogLevel | 'all')}
        />
        {sources.length > 1 && (
          <Select aria-label="Source" name="source" value={source} options={[{ value: 'all', label: 'All sources' }, ...sources.map((s) => ({ value: s, label: s }))]} onChange={(e) => setSource(e.target.value)} />
        )}
        <span className="cs-muted">
          {shown.length} of {placed.length} lines
        </span>
      </div>
      {answer.failures.map((failure) => (
        <p key={failure.source} className="backend-logs__failure" role="alert" data-testid="backend-logs-failure">
          {failure.source}: {failure.message}
        </p>
      ))}
      {placed.length === 0 ? (
        <NoContent
          size="small"
          title={NO_LINES_TITLE}
          subtext={`Lines are found by the session's tag: have your site's frontend send the tracker's session id to your backend (a header on its API calls), and your backend log it with each line as ${SESSION_TAG}=<session id>. See Preferences › Integrations for each tool's setup.`}
        />
      ) : shown.length === 0 ? (
        <NoContent size="small" title="No lines match the filter." />
      ) : (
        <div className="backend-logs__body" ref={follow.ref} onMouseEnter={follow.onMouseEnter} onMouseLeave={follow.onMouseLeave} role="list">
          {shown.map((line, i) => (
            <div
              key={`${line.source}:${line.index}`}
              role="listitem"
              className={['backend-logs__line', `backend-logs__line--${line.level}`, i <= currentIndex ? 'is-past' : ''].filter(Boolean).join(' ')}
              aria-current={i === currentIndex ? 'true' : undefined}
              data-testid="backend-log-line"
              title="Jump to this moment"
              onClick={() => seek(Math.max(0, line.at))}
            >
              <span className="backend-logs__time">{formatOffset(line.at)}</span>
              <span className="backend-logs__level">{line.level}</span>
              <span className="backend-logs__source" title={line.name}>
                {line.source}
                {line.name ? ` · ${line.name}` : ''}
              </span>
              <span className="backend-logs__message">
                {line.payload && (
                  <button
                    type="button"
                    className="cs-btn cs-btn--link cs-btn--small"
                    aria-expanded={expanded.has(line.index)}
                    aria-label={expanded.has(line.index) ? 'Hide payload' : 'Show payload'}
                    onClick={(e) => {
                      // Opening the payload reads the line; it does not move the player.
                      e.stopPropagation();
                      toggle(line.index);
                    }}
                  >
                    {expanded.has(line.index) ? '▾' : '▸'}
                  </button>
                )}
                <span className="backend-logs__text">{line.message}</span>
              </span>
              {line.payload && expanded.has(line.index) && (
                <pre className="backend-logs__payload cs-code" data-testid="backend-log-payload">
                  {JSON.stringify(line.payload, null, 2)}
                </pre>
              )}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * Keeps the current line in view as the player plays, scrolling the panel only; paused while the
 * pointer is over the list so reading is not interrupted (as the player's own panels do).
 */
function useFollowCurrent<T extends HTMLElement>(currentIndex: number) {
  const ref = useRef<T | null>(null);
  const pointerInside = useRef(false);
  useEffect(() => {
    const body = ref.current;
    if (!body || pointerInside.current || currentIndex < 0) return;
    const row = body.querySelector<HTMLElement>('[aria-current="true"]');
    if (!row) return;
    if (row.offsetTop < body.scrollTop || row.offsetTop + row.offsetHeight > body.scrollTop + body.clientHeight) {
      body.scrollTop = Math.max(0, row.offsetTop - body.clientHeight / 2);
    }
  }, [currentIndex]);
  return {
    ref,
    onMouseEnter: () => {
      pointerInside.current = true;
    },
    onMouseLeave: () => {
      pointerInside.current = false;
    },
  };
}
