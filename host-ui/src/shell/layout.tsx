import type { ReactNode } from 'react';
import { useHost } from '@cassette/plugin-sdk/ui';
import { useLocation } from 'react-router-dom';
import { usePlugins } from '../plugins/plugin-boot.js';
import { findBestMatch } from '../routing/match-path.js';
import { TopBar } from './top-bar.js';
import { CrashTestingWidget } from '../debug/crash-testing-widget.js';
import { useUnrecordedProjectCheck } from './use-unrecorded-project-check.js';

export function Layout({ children }: { children: ReactNode }) {
  const { registry } = usePlugins();
  const { currentProject, reloadProjects } = useHost();
  const location = useLocation();
  const page = findBestMatch(registry.pages, location.pathname)?.item;
  const hideTopBar = page?.hideTopBar === true;

  useUnrecordedProjectCheck(currentProject, location.pathname, reloadProjects);

  return (
    <div className={['cs-app', hideTopBar ? 'cs-app--bare' : ''].filter(Boolean).join(' ')}>
      {!hideTopBar && <TopBar />}
      {!hideTopBar && <AccountBanner />}
      <CrashTestingWidget />
      <main className="cs-main" id="main">
        {children}
      </main>
    </div>
  );
}

/** The operator's notice (the account's banner, from CASSETTE_BANNER), under the top bar on every page. */
function AccountBanner() {
  const { account } = useHost();
  if (!account.banner) return null;
  return (
    <div className="cs-notice cs-account-banner" role="status" data-testid="account-banner">
      {account.banner}
    </div>
  );
}
