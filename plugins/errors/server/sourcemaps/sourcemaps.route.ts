import { Type } from '@sinclair/typebox';
import type { SourceMapInfo } from '../../api.js';
import { SOURCEMAP_LIMITS } from '../../api.js';
import { route } from '../deps.js';
import { checkRelease } from './sourcemap-paths.js';

const releaseParam = Type.String({ minLength: 1, maxLength: SOURCEMAP_LIMITS.maxReleaseLength });

/** `GET /api/{projectId}/sourcemaps[?release=]`: the project's uploaded maps, newest first. */
export const listSourceMapsRoute = route({
  method: 'GET',
  url: '/sourcemaps',
  access: { auth: 'user', project: true, permission: 'ERRORS' },
  summary: "The project's uploaded source maps, newest first (optionally of one release)",
  schema: {
    querystring: Type.Object({ release: Type.Optional(releaseParam) }),
    response: Type.Array(Type.Object({ release: Type.String(), file: Type.String(), bytes: Type.Integer(), uploadedAt: Type.Number() })),
  },
  handler: async ({ query, projectId, deps }): Promise<SourceMapInfo[]> =>
    deps.sourceMaps.store.list(projectId, query.release === undefined ? undefined : checkRelease(query.release)),
});

/** `DELETE /api/{projectId}/sourcemaps?release=`: one release's maps, blobs included. */
export const deleteSourceMapsRoute = route({
  method: 'DELETE',
  url: '/sourcemaps',
  access: { auth: 'user', project: true, permission: 'ERRORS' },
  summary: "Delete one release's source maps",
  schema: {
    querystring: Type.Object({ release: releaseParam }),
    response: Type.Object({ deleted: Type.Integer() }),
  },
  handler: async ({ query, projectId, deps }) => ({ deleted: await deps.sourceMaps.store.deleteRelease(projectId, checkRelease(query.release)) }),
});
