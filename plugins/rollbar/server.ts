import { definePlugin } from '@cassette/plugin-sdk/server';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import { createRollbarLogSource } from './server/rollbar-log-source.js';

/** Rollbar as a log source: the occurrences a site's backend reported with the session's custom field (README.md). */
export default definePlugin({
  id: 'rollbar',
  register(r) {
    r.extend(integrationsExtensionPoints.logSources, createRollbarLogSource());
  },
});
