import type { NavItem } from '@cassette/plugin-sdk/ui';
import { NavLink } from 'react-router-dom';

/** A top-bar link to a plugin's page, with the plugin's badge (a count, say) after the label. */
export function NavItemLink({ item, siteId }: { item: NavItem; siteId: number }) {
  const Badge = item.badge;
  return (
    <NavLink to={item.to(siteId)} className={({ isActive }) => ['cs-topbar__link', isActive ? 'is-active' : ''].join(' ')}>
      {item.label}
      {Badge && <Badge siteId={siteId} />}
    </NavLink>
  );
}
