import { definePlugin } from '@cassette/plugin-sdk/server';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import { rollbarAddressRef } from './server/deps.js';
import { createRollbarLogSource, ROLLBAR_API_BASE } from './server/rollbar-log-source.js';
import { rollbarSettings } from './server/settings.js';

/** Rollbar as a log source: the occurrences a site's backend reported with the session's custom field (README.md). */
export default definePlugin({
  id: 'rollbar',
  settings: rollbarSettings,
  register(r) {
    // Per kernel: the address comes from this kernel's settings (server/deps.ts).
    let apiBase = ROLLBAR_API_BASE;
    r.provide({ ref: rollbarAddressRef, deps: { settings: rollbarSettings }, create: ({ settings }) => ({ apiBase: (apiBase = settings.apiBase) }) });
    r.extend(integrationsExtensionPoints.logSources, createRollbarLogSource({ apiBase: () => apiBase }));
  },
});
