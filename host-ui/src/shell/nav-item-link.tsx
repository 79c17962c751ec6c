import type { NavItem } from '@cassette/plugin-sdk/ui';
import { Link, NavLink } from 'react-router-dom';

/**
 * A top-bar link to a plugin's page, with the plugin's badge (a count, say) after the label.
 * `held`: the user is in onboarding, where every route leads back to it (spec part 1 §2), so
 * the item is shown as unavailable rather than as a link that looks chosen but goes nowhere.
 */
export function NavItemLink({ item, siteId, held = false }: { item: NavItem; siteId: number; held?: boolean }) {
  const Badge = item.badge;
  if (held) {
    return (
      <span className="cs-topbar__link cs-topbar__link--held" aria-disabled="true" title={`Finish or skip the onboarding steps to open ${item.label}`}>
        {item.label}
      </span>
    );
  }
  return (
    <NavLink to={item.to(siteId)} className={({ isActive }) => ['cs-topbar__link', isActive ? 'is-active' : ''].join(' ')}>
      {item.label}
      {Badge && <Badge siteId={siteId} />}
    </NavLink>
  );
}

/** The bar's first item while in onboarding: where the user is, marked as the current page. */
export function OnboardingNavLink({ to }: { to: string }) {
  return (
    <Link to={to} className="cs-topbar__link is-active" aria-current="page">
      Getting Started
    </Link>
  );
}
