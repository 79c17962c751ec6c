import type { ComponentType } from 'react';
import type { Permission } from '../shared/permissions.js';

/** A page on one of the spec's routes, lazy-loaded by the host. */
export interface UiPage {
  /**
   * react-router path, e.g. `/:siteId/errors/:errorId`. `:siteId` marks a project page (the host
   * checks the id is a known project and switches to it). Matching is exact and strict (no
   * trailing slash); a trailing `/*` matches any rest of the path.
   */
  path: string;
  component: ComponentType;
  /** The host shows 'Not allowed' when the user's role lacks it. */
  permission?: Permission;
  /** Session and assist views hide the top bar. */
  hideTopBar?: boolean;
}

export interface NavItem {
  id: string;
  label: string;
  /** Path for the selected project. */
  to(siteId: number): string;
  order: number;
  permission?: Permission;
  /** Shown next to the label (e.g. the new-errors count); renders nothing when there is nothing to say. */
  badge?: ComponentType<{ siteId: number }>;
}

export interface SettingsTab {
  /** The `/client/{tab}` segment. */
  id: string;
  label: string;
  component: ComponentType;
  order: number;
  adminOnly?: boolean;
}

/** Something in the top bar (bells, badges). */
export interface TopBarItem {
  id: string;
  component: ComponentType;
  order: number;
}

/** A component placed into a slot another plugin (or the host) offers. */
export interface SlotFill<P = Record<string, unknown>> {
  slot: string;
  id: string;
  component: ComponentType<P>;
  order: number;
  permission?: Permission;
}

export interface UiPlugin {
  id: string;
  pages?: UiPage[];
  navItems?: NavItem[];
  settingsTabs?: SettingsTab[];
  topBarItems?: TopBarItem[];
  /** Slot ids this plugin renders with `<Slot name=...>` (documentation and checks). */
  slots?: string[];
  fills?: SlotFill<never>[];
}

export function defineUiPlugin(plugin: UiPlugin): UiPlugin {
  return plugin;
}

/** Slots the host itself offers. */
export const hostSlots = {
  /** Extra blocks on the onboarding integrations tab. */
  onboardingIntegrations: 'host.onboarding.integrations',
  /** Install instructions on the onboarding installing tab; props `{ project }` (replaces the host's default). */
  onboardingInstalling: 'host.onboarding.installing',
  /** Identify-users instructions on the onboarding tab; props `{ project }` (replaces the host's default). */
  onboardingIdentifyUsers: 'host.onboarding.identify-users',
  /** Extra content on the host's sessions placeholder page; props `{ project }`. */
  sessionsPlaceholder: 'host.sessions.placeholder',
  /** Extra privacy blocks under a project's privacy settings (Settings › Projects › Edit); props `{ projectId }`. */
  projectPrivacy: 'host.settings.projectPrivacy',
} as const;
