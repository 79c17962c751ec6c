import { useMemo, useState } from 'react';
import { formatElapsed, NoContent, Slot } from '@cassette/plugin-sdk/ui';
import { sessionsSlots, type PlayerErrorStackProps } from '../../../api.js';
import type { SessionError } from '../../../shared/session.js';
import type { PanelProps } from './panel-types.js';
import { byTime, currentItemIndex } from './current-item.js';
import { activatable, playbackClasses } from './panel-controls.js';

/** Stack lines as recorded, without the blank ones some engines add. */
export function stackFrames(stack: string): string[] {
  return stack.split(/\r?\n/).filter((line) => line.trim() !== '');
}

export function ErrorsPanel({ session, currentTime, seek }: PanelProps) {
  const errors = useMemo(() => byTime(session.errors), [session.errors]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const current = currentItemIndex(errors, currentTime);

  const toggle = (key: string) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <div className="cs-panel cs-errors" data-testid="panel-errors">
      <div className="cs-panel__body">
        {errors.length === 0 ? (
          <NoContent size="small" />
        ) : (
          <ul className="cs-panel__list">
            {errors.map((error, index) => {
              const open = expanded.has(error.key);
              return (
                <li key={error.key} className="cs-error-row" data-testid="error-row" data-expanded={open}>
                  <div
                    className={['cs-panel-row', ...playbackClasses(index, current)].join(' ')}
                    aria-expanded={open}
                    aria-current={index === current ? 'true' : undefined}
                    {...activatable(() => {
                      toggle(error.key);
                      seek(error.time);
                    })}
                  >
                    <span className="cs-panel__time">{formatElapsed(error.time, { padMinutes: true })}</span>
                    <span className="cs-panel__main">
                      <span className="cs-error-row__name">{error.name}</span>{' '}
                      <span className="cs-error-row__message">{error.message}</span>
                    </span>
                  </div>
                  {open && (
                    <div className="cs-error-stack" data-testid="error-stack">
                      {/* The errors plugin, when on and allowed, shows the source-mapped stack instead. */}
                      <Slot
                        slot={sessionsSlots.playerErrorStack}
                        props={{ projectId: session.projectId, sessionId: session.sessionId, error }}
                        fallback={<RecordedStack error={error} />}
                      />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

function RecordedStack({ error }: { error: SessionError }) {
  if (!error.stack) return <div>No stack trace was recorded for this error.</div>;
  return (
    <>
      {stackFrames(error.stack).map((frame, frameIndex) => (
        <div key={frameIndex} className="cs-error-stack__frame">
          {frame}
        </div>
      ))}
    </>
  );
}
