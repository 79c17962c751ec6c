import { AUTHZ, defineAuthzRows } from '@cassette/plugin-sdk/testing';
import { firstBatchOfNewSession, trackerStartBody } from './tracker-client.js';

/** Public tracker endpoints, authorised by the project key and the session token instead of a login. */
export const authzRows = defineAuthzRows({
  'POST /api/ingest/v1/start': { statuses: AUTHZ.PUBLIC_OK, fixture: async (w) => ({ url: '/api/ingest/v1/start', body: await trackerStartBody(w) }) },
  // The session token goes in the query, so a caller's login token in the header does not matter.
  'POST /api/ingest/v1/batch': { statuses: AUTHZ.PUBLIC_OK, fixture: (w) => firstBatchOfNewSession(w) },
});
