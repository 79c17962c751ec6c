import { Type } from '@sinclair/typebox';
import { notFound } from '@cassette/plugin-sdk/server';
import { route } from '../deps.js';
import { idParams } from '../input/schemas.js';
import { screenshotKey, videoKey } from '../runner/run-files.js';
import { findRun } from '../store/run-store.js';
import { RUN_NOT_FOUND, SYNTHETIC_ACCESS } from './access.js';

interface Reply { header(name: string, value: string): unknown; send(body: Buffer): unknown }

/** Awaited, so the kernel sees the answer as sent and adds no `{ data }` of its own. */
/**
 * `?inline=1` answers `{ dataUrl }` instead of the bytes: the app's pages call the API with the
 * login header, which an <img> or <video> element cannot send.
 */
const fileQuery = Type.Object({ inline: Type.Optional(Type.Literal(1)) }, { additionalProperties: false });

async function send<R extends Reply>(reply: R, bytes: Uint8Array, contentType: string, inline: boolean): Promise<R | { dataUrl: string }> {
  if (inline) return { dataUrl: `data:${contentType};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}` };
  reply.header('Content-Type', contentType);
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Cache-Control', 'private, max-age=86400');
  await reply.send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return reply;
}

export const runScreenshotRoute = route({
  method: 'GET',
  url: '/runs/:runId/screenshots/:order',
  access: SYNTHETIC_ACCESS,
  summary: "A step's screenshot (JPEG), by the step's order; inline=1 answers it as a data URL",
  schema: { params: idParams.screenshot, querystring: fileQuery },
  handler: async ({ sql, deps, projectId, params, query, reply }) => {
    if (!(await findRun(sql, params.runId, projectId))) throw notFound(RUN_NOT_FOUND);
    const bytes = await deps.blobs.get(screenshotKey(projectId, params.runId, params.order));
    if (!bytes) throw notFound('This step has no screenshot: it did not run, or the run was stopped before it.');
    return send(reply, bytes, 'image/jpeg', query.inline === 1);
  },
});

export const runVideoRoute = route({
  method: 'GET',
  url: '/runs/:runId/video',
  access: SYNTHETIC_ACCESS,
  summary: "The run's video (WebM); inline=1 answers it as a data URL",
  schema: { params: idParams.run, querystring: fileQuery },
  handler: async ({ sql, deps, projectId, params, query, reply }) => {
    if (!(await findRun(sql, params.runId, projectId))) throw notFound(RUN_NOT_FOUND);
    const bytes = await deps.blobs.get(videoKey(projectId, params.runId));
    if (!bytes) throw notFound('This run has no video: it has not finished, or video recording is off on this server.');
    return send(reply, bytes, 'video/webm', query.inline === 1);
  },
});

export const runFileRoutes = [runScreenshotRoute, runVideoRoute];
