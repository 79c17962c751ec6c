import { useEffect, type ReactNode } from 'react';
import { useHost } from '@cassette/plugin-sdk/ui';
import { useLocation } from 'react-router-dom';
import { usePlugins } from '../plugins/PluginBoot.js';
import { findBestMatch } from '../routing/match-path.js';
import { TopBar } from './TopBar.js';

/** While the selected project records nothing yet, the sessions and errors pages re-check every 30 s. */
export const UNRECORDED_PROJECT_CHECK_MS = 30_000;

export function Layout({ children }: { children: ReactNode }) {
  const { registry } = usePlugins();
  const { currentProject, reloadProjects } = useHost();
  const location = useLocation();
  const page = findBestMatch(registry.pages, location.pathname)?.item;
  const hideTopBar = page?.hideTopBar === true;

  const waitingForData =
    currentProject !== null && !currentProject.recorded && /^\/\d+\/(sessions|errors)$/.test(location.pathname);
  useEffect(() => {
    if (!waitingForData) return;
    const timer = setInterval(() => void reloadProjects().catch(() => {}), UNRECORDED_PROJECT_CHECK_MS);
    return () => clearInterval(timer);
  }, [waitingForData, reloadProjects]);

  return (
    <div className={['cs-app', hideTopBar ? 'cs-app--bare' : ''].filter(Boolean).join(' ')}>
      {!hideTopBar && <TopBar />}
      <main className="cs-main" id="main">
        {children}
      </main>
    </div>
  );
}
