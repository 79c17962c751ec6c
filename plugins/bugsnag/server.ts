import { definePlugin } from '@cassette/plugin-sdk/server';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import { createBugsnagLogSource } from './server/bugsnag-log-source.js';

/** Bugsnag as a log source: the events a site's backend reported with the session's metadata (README.md). */
export default definePlugin({
  id: 'bugsnag',
  register(r) {
    r.extend(integrationsExtensionPoints.logSources, createBugsnagLogSource());
  },
});
