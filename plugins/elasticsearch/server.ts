import { definePlugin } from '@cassette/plugin-sdk/server';
import { integrationsExtensionPoints } from '@cassette/plugin-integrations/api';
import { createElasticsearchLogSource } from './server/elasticsearch-log-source.js';

/** Elasticsearch as a log source: the documents a site's backend indexed with the session's field (README.md). */
export default definePlugin({
  id: 'elasticsearch',
  register(r) {
    r.extend(integrationsExtensionPoints.logSources, createElasticsearchLogSource());
  },
});
