import { definePlugin } from '@cassette/plugin-sdk/server';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import { createSentryLogSource } from './server/sentry-log-source.js';

/** Sentry as a log source: the events a site's backend sent with the session's tag (README.md). */
export default definePlugin({
  id: 'sentry',
  register(r) {
    r.extend(integrationsExtensionPoints.logSources, createSentryLogSource());
  },
});
