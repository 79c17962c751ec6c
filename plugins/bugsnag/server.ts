import { definePlugin } from '@cassette/plugin-sdk/server';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import { bugsnagAddressRef } from './server/deps.js';
import { createBugsnagLogSource, BUGSNAG_API_BASE } from './server/bugsnag-log-source.js';
import { bugsnagSettings } from './server/settings.js';

/** Bugsnag as a log source: the events a site's backend reported with the session's metadata (README.md). */
export default definePlugin({
  id: 'bugsnag',
  settings: bugsnagSettings,
  register(r) {
    // Per kernel: the address comes from this kernel's settings (server/deps.ts).
    let apiBase = BUGSNAG_API_BASE;
    r.provide({ ref: bugsnagAddressRef, deps: { settings: bugsnagSettings }, create: ({ settings }) => ({ apiBase: (apiBase = settings.apiBase) }) });
    r.extend(integrationsExtensionPoints.logSources, createBugsnagLogSource({ apiBase: () => apiBase }));
  },
});
