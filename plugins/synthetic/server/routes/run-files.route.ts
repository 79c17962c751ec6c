import { notFound } from '@cassette/plugin-sdk/server';
import { route } from '../deps.js';
import { idParams } from '../input/schemas.js';
import { screenshotKey, videoKey } from '../runner/run-files.js';
import { findRun } from '../store/run-store.js';
import { RUN_NOT_FOUND, SYNTHETIC_ACCESS } from './access.js';

interface Reply { header(name: string, value: string): unknown; send(body: Buffer): unknown }

/** Awaited, so the kernel sees the answer as sent and adds no `{ data }` of its own. */
async function send<R extends Reply>(reply: R, bytes: Uint8Array, contentType: string): Promise<R> {
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
  summary: "A step's screenshot (JPEG), by the step's order",
  schema: { params: idParams.screenshot },
  handler: async ({ sql, deps, projectId, params, reply }) => {
    if (!(await findRun(sql, params.runId, projectId))) throw notFound(RUN_NOT_FOUND);
    const bytes = await deps.blobs.get(screenshotKey(projectId, params.runId, params.order));
    if (!bytes) throw notFound('This step has no screenshot: it did not run, or the run was stopped before it.');
    return send(reply, bytes, 'image/jpeg');
  },
});

export const runVideoRoute = route({
  method: 'GET',
  url: '/runs/:runId/video',
  access: SYNTHETIC_ACCESS,
  summary: "The run's video (WebM)",
  schema: { params: idParams.run },
  handler: async ({ sql, deps, projectId, params, reply }) => {
    if (!(await findRun(sql, params.runId, projectId))) throw notFound(RUN_NOT_FOUND);
    const bytes = await deps.blobs.get(videoKey(projectId, params.runId));
    if (!bytes) throw notFound('This run has no video: it has not finished, or video recording is off on this server.');
    return send(reply, bytes, 'video/webm');
  },
});

export const runFileRoutes = [runScreenshotRoute, runVideoRoute];
