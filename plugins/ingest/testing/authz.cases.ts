import { AUTHZ, defineAuthzRows } from '@cassette/plugin-sdk/testing';
import { firstBatchOfNewSession, parkedStartOfNewSession, trackerStartBody } from './tracker-client.js';

/** The tracker's public endpoints (authorised by the project key and the session token instead of a login), and the admins' parked-processing routes. */
export const authzRows = defineAuthzRows({
  'POST /api/ingest/v1/start': { statuses: AUTHZ.PUBLIC_OK, fixture: async (w) => ({ url: '/api/ingest/v1/start', body: await trackerStartBody(w) }) },
  // The session token goes in the query, so a caller's login token in the header does not matter.
  'POST /api/ingest/v1/batch': { statuses: AUTHZ.PUBLIC_OK, fixture: (w) => firstBatchOfNewSession(w) },
  // Parked processing steps name sessions of every project: the organization's admins only.
  'GET /api/client/ingest/parked': { statuses: AUTHZ.ADMIN_TENANT, fixture: () => ({ url: '/api/client/ingest/parked' }) },
  'POST /api/client/ingest/parked/retry': { statuses: AUTHZ.ADMIN_TENANT, fixture: () => ({ url: '/api/client/ingest/parked/retry' }) },
  'POST /api/client/ingest/parked/:id/retry': { statuses: AUTHZ.ADMIN_OWNED, fixture: async (w) => ({ url: `/api/client/ingest/parked/${await parkedStartOfNewSession(w)}/retry` }) },
  // The account's capture rate: every member reads it, admins change it.
  'GET /api/sample_rate': { statuses: AUTHZ.USER, fixture: () => ({ url: '/api/sample_rate' }) },
  'POST /api/sample_rate': { statuses: AUTHZ.ADMIN_TENANT, fixture: () => ({ url: '/api/sample_rate', body: { rate: 50 } }) },
});
