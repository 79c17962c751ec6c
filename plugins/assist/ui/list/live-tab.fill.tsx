import { lazy, Suspense } from 'react';
import { Loader } from '@cassette/plugin-sdk/ui';
import type { SessionsListTabProps } from '@cassette/plugin-sessions/api';

const LiveSessions = lazy(() => import('./live-sessions.js').then((m) => ({ default: m.LiveSessions })));

/** The sessions list's "Live" tab. */
export function LiveTabFill({ projectId }: SessionsListTabProps) {
  return (
    <Suspense fallback={<Loader label="Loading live sessions" />}>
      <LiveSessions projectId={projectId} />
    </Suspense>
  );
}
