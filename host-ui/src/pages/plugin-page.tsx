import { Suspense, useState } from 'react';
import { APPEARANCE_FLAG_LABELS, APPEARANCE_ROLE_LABELS, Button, Loader, NoContent, NotAllowed, resolveAppearance, useHost, type AppearanceFlag, type UiPage } from '@cassette/plugin-sdk/ui';
import { Link, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../app/error-boundary.js';

/** Where a member changes their appearance (Preferences › Account). */
const APPEARANCE_SETTINGS_PATH = '/client/account';

/**
 * A plugin's page: 'Not allowed' without its permission; a notice while the member's appearance
 * hides it (it is a preference: they may show the page anyway); otherwise the (lazy) component.
 */
export function PluginPage({ page }: { page: UiPage }) {
  const { hasPermission, currentProject, account } = useHost();
  const location = useLocation();
  const [shownAnyway, setShownAnyway] = useState<string | null>(null);
  if (page.permission && !hasPermission(page.permission)) return <NotAllowed live={page.notAllowed === 'live'} />;
  const appearance = resolveAppearance(account.appearance, []);
  if (page.appearance && !appearance[page.appearance] && shownAnyway !== location.pathname) {
    return <HiddenByAppearance flag={page.appearance} role={APPEARANCE_ROLE_LABELS[appearance.role]} onShow={() => setShownAnyway(location.pathname)} />;
  }
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

function HiddenByAppearance({ flag, role, onShow }: { flag: AppearanceFlag; role: string; onShow(): void }) {
  return (
    <div data-testid="hidden-by-appearance">
      <NoContent
        title={`${APPEARANCE_FLAG_LABELS[flag]} are hidden by your appearance (${role})`}
        subtext="Show this page anyway, or turn them on in Preferences › Account › Appearance."
      >
        <Button variant="primary" onClick={onShow}>
          Show anyway
        </Button>
        <Link className="cs-link" to={APPEARANCE_SETTINGS_PATH}>
          Change appearance
        </Link>
      </NoContent>
    </div>
  );
}
