import type { ComponentType } from 'react';
import type { ProjectSummary } from './host-context.js';
import type { AppearanceFlag } from '../shared/appearance.js';
import type { Permission } from '../shared/permissions.js';
import { createSlot, type SlotRef } from '../shared/refs.js';

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
  /** `live`: that 'Not allowed' says the session is still live (spec part 1 §2, the assist view). */
  notAllowed?: 'live';
  /**
   * The appearance flag (spec part 2 §6) that shows the page: with it off, the host says the
   * member's appearance hides the page and offers to show it anyway. A preference, not a guard.
   */
  appearance?: AppearanceFlag;
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
  /** Left out of the top bar while the member's appearance turns this flag off. */
  appearance?: AppearanceFlag;
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

/** A component placed into a slot another plugin (or the host) offers; `P` is the slot's props. */
export interface SlotFill<P extends object> {
  slot: SlotRef<P>;
  /** Unique within the slot, e.g. `errors.player-stack`. */
  id: string;
  component: ComponentType<P>;
  order: number;
  permission?: Permission;
  /** Left out while the member's appearance turns this flag off (spec part 2 §6). */
  appearance?: AppearanceFlag;
  /** The fill's name where the slot shows one (a player panel's toggle). */
  label?: string;
}

/** A fill of any slot, as the host stores it; made with `fillSlot`, which checks the props. */
export interface AnySlotFill {
  slot: { readonly kind: 'slot'; readonly id: string };
  id: string;
  component: ComponentType<never>;
  order: number;
  permission?: Permission;
  appearance?: AppearanceFlag;
  label?: string;
}

/** Declares a fill whose component is checked against the slot's props. */
export function fillSlot<P extends object>(slot: SlotRef<P>, fill: Omit<SlotFill<P>, 'slot'>): AnySlotFill {
  return { ...fill, slot, component: fill.component as ComponentType<never> };
}

export interface UiPlugin {
  id: string;
  pages?: UiPage[];
  navItems?: NavItem[];
  settingsTabs?: SettingsTab[];
  topBarItems?: TopBarItem[];
  fills?: AnySlotFill[];
}

export function defineUiPlugin(plugin: UiPlugin): UiPlugin {
  return plugin;
}

/** Slots the host itself offers. */
export const hostSlots = {
  /** Extra blocks on the onboarding integrations tab. */
  onboardingIntegrations: createSlot<{ project: ProjectSummary | null }>('host.onboarding.integrations'),
  /** Install instructions on the onboarding installing tab (replaces the host's default). */
  onboardingInstalling: createSlot<{ project: ProjectSummary }>('host.onboarding.installing'),
  /** Identify-users instructions on the onboarding tab (replaces the host's default). */
  onboardingIdentifyUsers: createSlot<{ project: ProjectSummary | null }>('host.onboarding.identifyUsers'),
  /** Extra content on the host's sessions placeholder page. */
  sessionsPlaceholder: createSlot<{ project: ProjectSummary | null }>('host.sessions.placeholder'),
  /** Extra privacy blocks under a project's privacy settings (Settings › Projects › Edit). */
  projectPrivacy: createSlot<{ projectId: number }>('host.settings.projectPrivacy'),
} as const;
