import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

const gunzipAsync = promisify(gunzip);
const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');
/** The same body limit as the real batch route. */
const BODY_LIMIT = 1024 * 1024;

/** The little of Fastify this file uses (the tests package does not depend on Fastify; the kernel does). */
interface MinimalFastify {
  addContentTypeParser(type: string, options: { parseAs: 'buffer'; bodyLimit: number }, parser: (request: unknown, body: Buffer, done: (error: Error | null, body?: unknown) => void) => void): void;
  post(url: string, handler: (request: { body: unknown }) => Promise<unknown>): void;
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<void>;
}

export interface BareServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The floor to compare our ingest with: the Fastify the kernel runs, one route at the same path
 * that only does what any ingest must (read the body, gunzip it, parse the JSON) and answers
 * like ours, with no validation, sanitizing, storage or auth.
 */
export async function startBareParseServer(): Promise<BareServer> {
  const requireFromCore = createRequire(join(REPO_ROOT, 'core', 'package.json'));
  const { default: fastify } = (await import(pathToFileURL(requireFromCore.resolve('fastify')).href)) as { default: (options: object) => MinimalFastify };
  const app = fastify({ logger: false, bodyLimit: BODY_LIMIT });
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
  app.post('/api/ingest/v1/batch', async (request) => {
    const batch = JSON.parse((await gunzipAsync(request.body as Buffer)).toString('utf8')) as { seq: number };
    return { data: { seq: batch.seq, duplicate: false } };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => app.close() };
}
