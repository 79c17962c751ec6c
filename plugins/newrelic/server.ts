import { definePlugin } from '@cassette/plugin-sdk/server';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import { createNewRelicLogSource } from './server/newrelic-log-source.js';
import { newrelicSettings } from './server/settings.js';

/** New Relic: a log source of the integrations plugin, reading a session's backend lines from New Relic Logs with NRQL (README.md). */
export default definePlugin({
  id: 'newrelic',
  settings: newrelicSettings,
  register(r) {
    r.extend(integrationsExtensionPoints.logSources, createNewRelicLogSource(r.settings(newrelicSettings)));
  },
});
