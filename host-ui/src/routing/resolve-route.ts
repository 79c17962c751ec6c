import { findBestMatch, isProjectPattern } from './match-path.js';
import {
  DEFAULT_ONBOARDING_TAB,
  LEGACY_REDIRECTS,
  LOGGED_OUT_PATHS,
  LOGIN_PATH,
  ONBOARDING_TABS,
  onboardingPath,
  sessionsPath,
  settingsPath,
} from './routes.js';

export interface RouteInput {
  /** A token exists, no password change is pending, and the account and projects are loaded. */
  loggedIn: boolean;
  onboarding: boolean;
  /** location.pathname (the hash fragment and query are not part of matching). */
  path: string;
  /** location.search, kept when the path is remembered for after login. */
  search?: string;
  projects: readonly { id: number }[];
  currentSiteId: number | null;
  /** The paths of every page the enabled plugins (and the host) render. */
  pagePaths: readonly string[];
  /** Valid /client/{tab} ids: the host's plus the plugins'. */
  settingsTabs: readonly string[];
  /** The path a logged-out visitor asked for, to go to once logged in. */
  rememberedPath?: string | null;
}

export type RouteDecision =
  | { kind: 'render' }
  /** `remember`: keep this path for after login; `forget`: the remembered path was used. */
  | { kind: 'redirect'; to: string; remember?: string; forget?: boolean }
  /** The URL names a known project other than the selected one: select it, keep the path. */
  | { kind: 'switchProject'; siteId: number };

/** Where to go after login: the requested path, unless it was the login path or the root. */
export function afterLoginPath(remembered: string | null | undefined, home: string): string {
  if (!remembered) return home;
  const pathOnly = remembered.split(/[?#]/)[0] ?? '';
  if (pathOnly === '' || pathOnly === '/' || pathOnly === LOGIN_PATH) return home;
  return remembered;
}

/** The landing page of the selected project (or the projects settings when there is none). */
export function homePath(currentSiteId: number | null): string {
  return currentSiteId !== null ? sessionsPath(currentSiteId) : settingsPath('projects');
}

const redirect = (to: string): RouteDecision => ({ kind: 'redirect', to });

/** The routing rules of spec part 1 §2, as a pure function. */
export function resolveRoute(input: RouteInput): RouteDecision {
  const { loggedIn, onboarding, path, search = '', projects, currentSiteId, pagePaths, settingsTabs } = input;

  if (!loggedIn) {
    if (LOGGED_OUT_PATHS.includes(path)) return { kind: 'render' };
    return { kind: 'redirect', to: LOGIN_PATH, remember: path + search };
  }

  const home = homePath(currentSiteId);

  if (LOGGED_OUT_PATHS.includes(path)) {
    if (onboarding) return { kind: 'redirect', to: onboardingPath(DEFAULT_ONBOARDING_TAB), forget: true };
    return { kind: 'redirect', to: afterLoginPath(input.rememberedPath, home), forget: true };
  }

  const onboardingTab = /^\/onboarding\/([^/]+)$/.exec(path)?.[1];
  const validOnboardingTab = onboardingTab !== undefined && (ONBOARDING_TABS as readonly string[]).includes(onboardingTab);

  if (onboarding) {
    // While onboarding, every route leads to the onboarding page.
    return validOnboardingTab ? { kind: 'render' } : redirect(onboardingPath(DEFAULT_ONBOARDING_TAB));
  }

  const legacy = LEGACY_REDIRECTS[path];
  if (legacy) return redirect(legacy);

  if (onboardingTab !== undefined) return validOnboardingTab ? { kind: 'render' } : redirect(onboardingPath(DEFAULT_ONBOARDING_TAB));

  const settingsTab = /^\/client\/([^/]+)$/.exec(path)?.[1];
  if (settingsTab !== undefined) return settingsTabs.includes(settingsTab) ? { kind: 'render' } : redirect(settingsPath());

  const match = findBestMatch(
    pagePaths.map((p) => ({ path: p })),
    path,
  );
  if (!match) return redirect(home);
  if (!isProjectPattern(match.item.path)) return { kind: 'render' };

  const raw = match.params.siteId ?? '';
  const siteId = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!projects.some((p) => p.id === siteId)) return redirect(home);
  if (siteId !== currentSiteId) return { kind: 'switchProject', siteId };
  return { kind: 'render' };
}
