import { definePlugin } from '@cassette/plugin-sdk/server';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import { sumologicSettings } from './server/settings.js';
import { createSumoLogicLogSource } from './server/sumologic-log-source.js';

/** Sumo Logic: a log source of the integrations plugin, reading a session's backend lines through the Search Job API (README.md). */
export default definePlugin({
  id: 'sumologic',
  settings: sumologicSettings,
  register(r) {
    r.extend(integrationsExtensionPoints.logSources, createSumoLogicLogSource(r.settings(sumologicSettings)));
  },
});
