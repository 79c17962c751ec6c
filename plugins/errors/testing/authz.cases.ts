import { AUTHZ, defineAuthzRows, type AuthzWorld } from '@cassette/plugin-sdk/testing';
import { eventually, recordThroughTracker, trackerStartBody } from '@cassette/plugin-ingest/testing';

/**
 * A processed session of tenant A's first project with `count` errors of new groups (names
 * made unique), recorded through the tracker endpoints; its id and the groups' ids in order.
 */
async function sessionWithNewErrors(w: AuthzWorld, count: number): Promise<{ sessionId: string; errorIds: string[] }> {
  const now = Date.now();
  const names = Array.from({ length: count }, () => `AuthzError${w.unique().replace(/\W/g, '')}`);
  const events = names.map((name, i) => ({ type: 'error', ts: now + i, source: 'js_exception', name, message: 'boom', stack: `${name}: boom\n    at checkout (https://shop.example.test/app.js:1:${i + 1})` }));
  const sessionId = await recordThroughTracker(w, events);
  return eventually('the session with errors', async () => {
    const res = await w.t.request('GET', `/api/${w.projectId}/sessions2/${sessionId}/errors`, { token: w.adminToken });
    const occurrences = (res.status === 200 ? res.body.data : []) as { errorId: string }[];
    return occurrences.length === count ? { sessionId, errorIds: occurrences.map((o) => o.errorId) } : undefined;
  });
}

/** One error group of tenant A's first project and its session (once per run). */
function anError(w: AuthzWorld): Promise<{ sessionId: string; errorId: string }> {
  return w.once('errors.one', () => sessionWithNewErrors(w, 1).then(({ sessionId, errorIds }) => ({ sessionId, errorId: errorIds[0]! })));
}

/** A small valid source map, as a build uploads it. */
const SOURCE_MAP = { version: 3, file: 'app.min.js', sources: ['../src/app.ts'], sourcesContent: ['export const a = 1;'], names: [], mappings: 'AAAA' };
const ERRORS = AUTHZ.PERMISSION;

export const authzRows = defineAuthzRows({
  'POST /api/:projectId/errors/search': { statuses: ERRORS, fixture: (w) => ({ url: `/api/${w.projectId}/errors/search`, body: { status: 'all' } }) },
  'GET /api/:projectId/errors/stats': { statuses: ERRORS, fixture: (w) => ({ url: `/api/${w.projectId}/errors/stats` }) },
  'GET /api/:projectId/errors/:errorId': { statuses: ERRORS, fixture: async (w) => ({ url: `/api/${w.projectId}/errors/${(await anError(w)).errorId}` }) },
  'GET /api/:projectId/errors/:errorId/sessions': { statuses: ERRORS, fixture: async (w) => ({ url: `/api/${w.projectId}/errors/${(await anError(w)).errorId}/sessions` }) },
  'GET /api/:projectId/errors/:errorId/solve': { statuses: ERRORS, fixture: async (w) => ({ url: `/api/${w.projectId}/errors/${(await anError(w)).errorId}/solve` }) },
  'GET /api/:projectId/errors/:errorId/unsolve': { statuses: ERRORS, fixture: async (w) => ({ url: `/api/${w.projectId}/errors/${(await anError(w)).errorId}/unsolve` }) },
  'GET /api/:projectId/errors/:errorId/ignore': { statuses: ERRORS, fixture: async (w) => ({ url: `/api/${w.projectId}/errors/${(await anError(w)).errorId}/ignore` }) },
  'GET /api/:projectId/errors/:errorId/favorite': { statuses: ERRORS, fixture: async (w) => ({ url: `/api/${w.projectId}/errors/${(await anError(w)).errorId}/favorite` }) },
  'GET /api/:projectId/errors/:errorId/sourcemaps': { statuses: ERRORS, fixture: async (w) => ({ url: `/api/${w.projectId}/errors/${(await anError(w)).errorId}/sourcemaps` }) },
  // Each call merges two groups of its own: a merged group cannot be merged again.
  'POST /api/:projectId/errors/merge': { statuses: ERRORS, fixture: async (w) => ({ url: `/api/${w.projectId}/errors/merge`, body: { errors: (await sessionWithNewErrors(w, 2)).errorIds } }) },
  'GET /api/:projectId/sessions2/:sessionId/errors': { statuses: ERRORS, fixture: async (w) => ({ url: `/api/${w.projectId}/sessions2/${(await anError(w)).sessionId}/errors` }) },
  'GET /api/:projectId/sessions2/:sessionId/errors/:errorId/sourcemaps': {
    statuses: ERRORS,
    fixture: async (w) => {
      const { sessionId, errorId } = await anError(w);
      return { url: `/api/${w.projectId}/sessions2/${sessionId}/errors/${errorId}/sourcemaps` };
    },
  },
  'GET /api/:projectId/sourcemaps': { statuses: ERRORS, fixture: (w) => ({ url: `/api/${w.projectId}/sourcemaps` }) },
  'DELETE /api/:projectId/sourcemaps': { statuses: ERRORS, fixture: (w) => ({ url: `/api/${w.projectId}/sourcemaps?release=authz-${w.unique()}` }) },
  // The project is named by its key; another organization's key does not find it.
  'POST /api/sourcemaps': {
    statuses: AUTHZ.API_KEY_ONLY,
    keyStatuses: [200, 404],
    fixture: async (w) => ({ url: `/api/sourcemaps?projectKey=${(await trackerStartBody(w)).projectKey}&release=1.0.0&file=assets/app.min.js`, body: SOURCE_MAP }),
  },
});
