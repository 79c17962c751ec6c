import { appearanceFlagOn, useHost, type TopBarItem } from '@cassette/plugin-sdk/ui';
import { Link } from 'react-router-dom';
import { usePlugins } from '../plugins/plugin-boot.js';
import { visibleNavItems } from '../plugins/registry.js';
import { settingsPath } from '../routing/routes.js';
import { Logo } from './logo.js';
import { NavItemLink, OnboardingNavLink } from './nav-item-link.js';
import { useSession } from '../session/session.js';
import { onboardingPath } from '../routing/routes.js';
import { OnboardingRing } from './onboarding-ring.js';
import { ProjectSwitcher } from './project-switcher.js';
import { UserMenu } from './user-menu.js';

/**
 * Where the host's onboarding ring sits among plugin items: the spec orders the bar
 * announcements (10), onboarding ring, alerts (30).
 */
export const ONBOARDING_RING_ORDER = 20;

function renderItem(item: TopBarItem) {
  const Item = item.component;
  return (
    <div key={item.id} className="cs-topbar__item">
      <Item />
    </div>
  );
}

export function TopBar() {
  const { registry } = usePlugins();
  const { hasPermission, currentProject, account } = useHost();
  const { onboarding } = useSession();
  const navItems = visibleNavItems(registry.navItems, hasPermission, (flag) => appearanceFlagOn(account.appearance, flag));
  const home = currentProject ? `/${currentProject.id}/sessions` : '/';

  return (
    <header className="cs-topbar">
      <div className="cs-topbar__left">
        <Link to={home} className="cs-topbar__logo" aria-label={`Cassette v${__APP_VERSION__} home`}>
          <Logo withVersion />
        </Link>
        <ProjectSwitcher />
        {currentProject && navItems.length > 0 && (
          <nav className="cs-topbar__nav" aria-label="Main">
            {onboarding && <OnboardingNavLink to={onboardingPath()} />}
            {navItems.map((item) => (
              <NavItemLink key={item.id} item={item} siteId={currentProject.id} held={onboarding} />
            ))}
          </nav>
        )}
      </div>
      <div className="cs-topbar__right">
        {registry.topBarItems.filter((item) => item.order < ONBOARDING_RING_ORDER).map(renderItem)}
        <OnboardingRing />
        {registry.topBarItems.filter((item) => item.order >= ONBOARDING_RING_ORDER).map(renderItem)}
        <Link to={settingsPath()} className="cs-icon-btn cs-topbar__cog" aria-label="Preferences" title="Preferences">
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <circle cx="12" cy="12" r="3" />
            <path d="M19.4 15a1.65 1.65 0 0 0 .33 1.82l.06.06a2 2 0 0 1-2.83 2.83l-.06-.06a1.65 1.65 0 0 0-1.82-.33 1.65 1.65 0 0 0-1 1.51V21a2 2 0 0 1-4 0v-.09A1.65 1.65 0 0 0 9 19.4a1.65 1.65 0 0 0-1.82.33l-.06.06a2 2 0 0 1-2.83-2.83l.06-.06A1.65 1.65 0 0 0 4.68 15a1.65 1.65 0 0 0-1.51-1H3a2 2 0 0 1 0-4h.09A1.65 1.65 0 0 0 4.6 9a1.65 1.65 0 0 0-.33-1.82l-.06-.06a2 2 0 0 1 2.83-2.83l.06.06A1.65 1.65 0 0 0 9 4.68a1.65 1.65 0 0 0 1-1.51V3a2 2 0 0 1 4 0v.09a1.65 1.65 0 0 0 1 1.51 1.65 1.65 0 0 0 1.82-.33l.06-.06a2 2 0 0 1 2.83 2.83l-.06.06A1.65 1.65 0 0 0 19.4 9a1.65 1.65 0 0 0 1.51 1H21a2 2 0 0 1 0 4h-.09a1.65 1.65 0 0 0-1.51 1z" />
          </svg>
        </Link>
        <UserMenu />
      </div>
    </header>
  );
}
