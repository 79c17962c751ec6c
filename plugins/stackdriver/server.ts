import { definePlugin } from '@cassette/plugin-sdk/server';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import { stackdriverSettings } from './server/settings.js';
import { createStackdriverLogSource } from './server/stackdriver-log-source.js';

/** Stackdriver: a log source of the integrations plugin, reading a session's backend entries from Google Cloud Logging (README.md). */
export default definePlugin({
  id: 'stackdriver',
  settings: stackdriverSettings,
  register(r) {
    r.extend(integrationsExtensionPoints.logSources, createStackdriverLogSource(r.settings(stackdriverSettings)));
  },
});
