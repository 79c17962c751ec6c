import { lazy, Suspense } from 'react';
import { Loader } from '@cassette/plugin-sdk/ui';
import type { SessionRowsProps } from '../../api.js';

// Loaded when another plugin first shows sessions: the plugin's eager entry stays small.
const SessionRows = lazy(() => import('./session-rows.js').then((module) => ({ default: module.SessionRows })));

/** The sessions plugin's fill of its own `sessionRows` slot. */
export function SessionRowsFill(props: SessionRowsProps) {
  return (
    <Suspense fallback={<Loader label="Loading sessions" />}>
      <SessionRows {...props} />
    </Suspense>
  );
}
