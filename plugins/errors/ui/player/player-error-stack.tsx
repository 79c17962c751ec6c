import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Spinner, useApi } from '@cassette/plugin-sdk/ui';
import type { PlayerErrorStackProps } from '@cassette/plugin-sessions/api';
import { errorDetailPath, errorsRoutes, sourceMapsPath } from '../paths.js';
import { StackTraceViewer } from '../stack-trace/stack-trace-viewer.js';
import { useResolvedStack } from '../stack-trace/use-resolved-stack.js';
import { sessionErrorsCache } from './session-errors-cache.js';

type Group = { state: 'loading' } | { state: 'none' } | { state: 'found'; errorId: string };

/**
 * The player's errors panel, under an expanded error: the source-mapped stack of that
 * occurrence and the way to its error group. Until the error is grouped (or if anything
 * fails) the recorded lines show, as the panel would without this.
 */
export function PlayerErrorStack({ projectId, sessionId, error }: PlayerErrorStackProps) {
  const api = useApi();
  const [group, setGroup] = useState<Group>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    setGroup({ state: 'loading' });
    sessionErrorsCache
      .load(api, projectId, sessionId)
      .then((occurrences) => {
        if (!current) return;
        const found = occurrences.find((o) => o.key === error.key);
        setGroup(found ? { state: 'found', errorId: found.errorId } : { state: 'none' });
      })
      .catch(() => current && setGroup({ state: 'none' }));
    return () => {
      current = false;
    };
  }, [api, projectId, sessionId, error.key]);

  if (group.state === 'loading') return <Spinner size="small" label="Loading the stack trace" />;
  if (group.state === 'none') return <RecordedLines stack={error.stack} />;
  return <GroupedStack projectId={projectId} sessionId={sessionId} errorId={group.errorId} errorKey={error.key} recorded={error.stack} />;
}

function GroupedStack({ projectId, sessionId, errorId, errorKey, recorded }: { projectId: number; sessionId: string; errorId: string; errorKey: string; recorded: string | null }) {
  const { stack, loading, error } = useResolvedStack(errorsRoutes.sessionStack(projectId, sessionId, errorId, errorKey));
  if (loading) return <Spinner size="small" label="Loading the stack trace" />;
  return (
    <div className="cs-player-error-stack" data-testid="player-error-stack">
      <div className="cs-player-error-stack__bar">
        <Link to={errorDetailPath(projectId, errorId)} className="cs-link" data-testid="open-error">
          Open error
        </Link>
      </div>
      {stack && !error ? (
        <StackTraceViewer
          stack={stack}
          sourceMapsHint={
            <Link to={sourceMapsPath(projectId)} className="cs-link">
              How to upload source maps
            </Link>
          }
        />
      ) : (
        <RecordedLines stack={recorded} />
      )}
    </div>
  );
}

export const NO_RECORDED_STACK = 'No stack trace was recorded for this error.';

/** The stack as recorded, one frame a line. */
function RecordedLines({ stack }: { stack: string | null }) {
  if (!stack) return <div>{NO_RECORDED_STACK}</div>;
  return (
    <>
      {stack
        .split(/\r?\n/)
        .filter((line) => line.trim() !== '')
        .map((line, index) => (
          <div key={index} className="cs-error-stack__frame" data-testid="recorded-frame">
            {line}
          </div>
        ))}
    </>
  );
}
