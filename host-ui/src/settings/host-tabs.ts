import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface HostSettingsTab {
  id: string;
  label: string;
  adminOnly: boolean;
  component: LazyExoticComponent<ComponentType>;
}

/** The host's settings tabs, in their order; plugin tabs follow. */
export const HOST_SETTINGS_TABS: readonly HostSettingsTab[] = [
  { id: 'account', label: 'Account', adminOnly: false, component: lazy(() => import('./account.tab.js')) },
  { id: 'team', label: 'Team', adminOnly: true, component: lazy(() => import('./team.tab.js')) },
  { id: 'roles', label: 'Roles', adminOnly: true, component: lazy(() => import('./roles.tab.js')) },
  { id: 'projects', label: 'Projects', adminOnly: false, component: lazy(() => import('./projects.tab.js')) },
  { id: 'metadata', label: 'Metadata', adminOnly: false, component: lazy(() => import('./metadata.tab.js')) },
];
