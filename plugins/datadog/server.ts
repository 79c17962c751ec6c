import { definePlugin } from '@cassette/plugin-sdk/server';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import { createDatadogLogSource, DATADOG_API_BASE } from './server/datadog-log-source.js';
import { datadogSiteRef } from './server/deps.js';
import { datadogSettings } from './server/settings.js';

/** Datadog as a log source: the log lines a site's backend wrote with the session's attribute (README.md). */
export default definePlugin({
  id: 'datadog',
  settings: datadogSettings,
  register(r) {
    // Per kernel: the site comes from this kernel's settings (server/deps.ts).
    let apiBase = DATADOG_API_BASE;
    r.provide({ ref: datadogSiteRef, deps: { settings: datadogSettings }, create: ({ settings }) => ({ apiBase: (apiBase = settings.apiBase) }) });
    r.extend(integrationsExtensionPoints.logSources, createDatadogLogSource({ apiBase: () => apiBase }));
  },
});
