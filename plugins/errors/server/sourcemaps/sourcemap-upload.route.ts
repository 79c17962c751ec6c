import { Type } from '@sinclair/typebox';
import { HttpError, badRequest, notFound } from '@cassette/plugin-sdk/server';
import { SOURCEMAP_LIMITS } from '../../api.js';
import { route } from '../deps.js';
import { checkRelease, normalizeScriptFile } from './sourcemap-paths.js';
import { validateSourceMap } from './sourcemap-validation.js';

/** Room for the request around the largest map, so an oversized map is told the limit by the handler. */
const BODY_LIMIT = SOURCEMAP_LIMITS.maxMapBytes + 64 * 1024;

export interface SourceMapUploadAnswer {
  release: string;
  file: string;
  bytes: number;
  sources: number;
}

/**
 * `POST /api/sourcemaps?projectKey=&release=&file=`: a build pipeline uploads the map of one
 * minified script with the organization API key. Everything is checked before anything is
 * stored; a second upload of the same release and file replaces the first.
 */
export const sourceMapUploadRoute = route({
  method: 'POST',
  url: '/sourcemaps',
  access: { auth: 'apiKey' },
  rawBody: true,
  bodyLimit: BODY_LIMIT,
  summary: 'Upload the source map of one minified script for a release (organization API key; the map JSON as the body)',
  schema: {
    querystring: Type.Object({
      projectKey: Type.String({ minLength: 1, maxLength: 200, description: 'The project key the tracker uses' }),
      release: Type.String({ maxLength: 4096, description: 'The release (version or commit id) the site reports to the tracker' }),
      file: Type.String({ maxLength: 4096, description: 'Path of the minified script relative to the site root, e.g. assets/app.min.js' }),
    }),
    response: Type.Object({ release: Type.String(), file: Type.String(), bytes: Type.Integer(), sources: Type.Integer() }),
  },
  handler: async ({ query, request, tenantId, deps }): Promise<SourceMapUploadAnswer> => {
    const { sourceMaps, projects } = deps;
    const release = checkRelease(query.release);
    const file = normalizeScriptFile(query.file);
    const project = await projects.byKey(query.projectKey);
    if (!project || project.tenantId !== tenantId) throw notFound('No project with this key in your organization: copy the project key from Preferences › Projects.');
    if (!Buffer.isBuffer(request.body)) throw badRequest('Send the source map JSON as the request body.');
    // Bodies are never inflated (a small compressed body can expand without bound): the size limit is the map's own.
    const encoding = request.headers['content-encoding']?.trim().toLowerCase();
    if (encoding && encoding !== 'identity') {
      throw new HttpError(415, `Compressed uploads (Content-Encoding) are not accepted: send the source map's JSON uncompressed (at most ${SOURCEMAP_LIMITS.maxMapBytes / 1024 / 1024} MiB).`);
    }
    // Every map accepted must fit the decoded-map cache once decoded.
    const map = validateSourceMap(request.body, { maxDecodedBytes: sourceMaps.cache.maxBytes });
    await sourceMaps.store.save(project.id, release, file, map);
    return { release, file, bytes: map.bytes, sources: map.sources };
  },
});
