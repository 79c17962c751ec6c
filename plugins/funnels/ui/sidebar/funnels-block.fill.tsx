import { lazy, Suspense } from 'react';
import { Spinner } from '@cassette/plugin-sdk/ui';
import type { SessionsListSidebarProps } from '@cassette/plugin-sessions/api';

// Loaded with the sessions list, not with every page: the plugin's eager entry stays small.
const FunnelsBlock = lazy(() => import('./funnels-block.js').then((module) => ({ default: module.FunnelsBlock })));

/** The funnels plugin's fill of the sessions list sidebar. */
export function FunnelsBlockFill(props: SessionsListSidebarProps) {
  return (
    <Suspense fallback={<Spinner size="small" label="Loading funnels" />}>
      <FunnelsBlock {...props} />
    </Suspense>
  );
}
