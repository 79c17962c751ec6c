import { definePlugin } from '@cassette/plugin-sdk/server';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import { createDatadogLogSource } from './server/datadog-log-source.js';

/** Datadog as a log source: the log lines a site's backend wrote with the session's attribute (README.md). */
export default definePlugin({
  id: 'datadog',
  register(r) {
    r.extend(integrationsExtensionPoints.logSources, createDatadogLogSource());
  },
});
