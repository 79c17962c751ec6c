import { Suspense } from 'react';
import { Loader, NotAllowed, useHost, type UiPage } from '@cassette/plugin-sdk/ui';
import { useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../app/error-boundary.js';

/** A plugin's page: 'Not allowed' without its permission, otherwise the (lazy) component. */
export function PluginPage({ page }: { page: UiPage }) {
  const { hasPermission, currentProject } = useHost();
  const location = useLocation();
  if (page.permission && !hasPermission(page.permission)) return <NotAllowed />;
  const Component = page.component;
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<Loader />}>
        {/* Remount project pages when the project changes so they never mix two projects' data. */}
        <Component key={page.path.startsWith('/:siteId') ? `p${currentProject?.id ?? ''}` : 'page'} />
      </Suspense>
    </ErrorBoundary>
  );
}
