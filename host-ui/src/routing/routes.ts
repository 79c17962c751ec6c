/** The host's own routes and tab lists (spec part 1 §2). */
export const LOGIN_PATH = '/login';
export const SIGNUP_PATH = '/signup';
export const RESET_PASSWORD_PATH = '/reset-password';
export const LOGGED_OUT_PATHS: readonly string[] = [LOGIN_PATH, SIGNUP_PATH, RESET_PASSWORD_PATH];

/** The tabs of /client/{activeTab}; account is the default. Plugins may add more. */
export const SETTINGS_TABS = ['integrations', 'account', 'team', 'roles', 'projects', 'metadata', 'webhooks', 'notifications'] as const;
export const DEFAULT_SETTINGS_TAB = 'account';

/** The tabs of /onboarding/{activeTab}; installing is the default. */
export const ONBOARDING_TABS = ['installing', 'identify-users', 'team', 'integrations'] as const;
export type OnboardingTab = (typeof ONBOARDING_TABS)[number];
export const DEFAULT_ONBOARDING_TAB: OnboardingTab = 'installing';

export const SESSIONS_PATTERN = '/:siteId/sessions';

export const settingsPath = (tab: string = DEFAULT_SETTINGS_TAB) => `/client/${tab}`;
export const onboardingPath = (tab: string = DEFAULT_ONBOARDING_TAB) => `/onboarding/${tab}`;
export const sessionsPath = (siteId: number) => `/${siteId}/sessions`;

/** Old paths that moved (the spec's redirect table is not shown; these are the ones it names). */
export const LEGACY_REDIRECTS: Readonly<Record<string, string>> = {
  '/client': settingsPath(),
  '/client/custom-fields': settingsPath('metadata'),
  '/onboarding': onboardingPath(),
};
