import { definePlugin } from '@cassette/plugin-sdk/server';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import { createCloudWatchLogSource } from './server/cloudwatch-log-source.js';
import { cloudwatchSettings } from './server/settings.js';

/** CloudWatch: a log source of the integrations plugin, reading a session's backend lines from CloudWatch Logs (README.md). */
export default definePlugin({
  id: 'cloudwatch',
  settings: cloudwatchSettings,
  register(r) {
    r.extend(integrationsExtensionPoints.logSources, createCloudWatchLogSource(r.settings(cloudwatchSettings)));
  },
});
