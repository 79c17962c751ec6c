import { definePlugin } from '@cassette/plugin-sdk/server';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import { sentryAddressRef } from './server/deps.js';
import { createSentryLogSource, SENTRY_API_BASE } from './server/sentry-log-source.js';
import { sentrySettings } from './server/settings.js';

/** Sentry as a log source: the events a site's backend sent with the session's tag (README.md). */
export default definePlugin({
  id: 'sentry',
  settings: sentrySettings,
  register(r) {
    // Per kernel: the address comes from this kernel's settings (server/deps.ts).
    let apiBase = SENTRY_API_BASE;
    r.provide({ ref: sentryAddressRef, deps: { settings: sentrySettings }, create: ({ settings }) => ({ apiBase: (apiBase = settings.apiBase) }) });
    r.extend(integrationsExtensionPoints.logSources, createSentryLogSource({ apiBase: () => apiBase }));
  },
});
