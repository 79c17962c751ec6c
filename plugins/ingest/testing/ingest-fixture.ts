// Shared setup for this plugin's tests: a kernel with ingest, a processor that records its calls, and request helpers.
import { gzipSync } from 'node:zlib';
import { coreServices, definePlugin, sql, type DepsMap, type ServerPlugin } from '@cassette/plugin-sdk/server';
import { createTestKernel, type TestKernel, type TestUser } from '@cassette/plugin-sdk/testing';
import type { BatchRequest, StartRequest } from '@cassette/tracker/protocol';
import { startBody } from './tracker-bodies.js';

export { batch, startBody } from './tracker-bodies.js';
import { ingestExtensionPoints, type IngestProcessor } from '../api.js';
import ingestPlugin from '../server.js';

export interface ProcessorCall {
  processor: string;
  method: 'sessionStarted' | 'batch' | 'sessionEnded';
  sessionId: string;
  seq?: number;
  detail?: unknown;
}

/** A plugin contributing processors that write down every call (and fail when told to). */
export function probePlugin(calls: ProcessorCall[], options: { ids?: { id: string; order?: number; slices?: boolean }[]; fail?: (call: ProcessorCall) => boolean } = {}) {
  const ids = options.ids ?? [{ id: 'probe' }];
  return definePlugin({
    id: 'ingestProbe',
    register(r) {
      for (const { id, order, slices } of ids) {
        const record = async (call: ProcessorCall) => {
          if (options.fail?.(call)) throw new Error(`probe ${id} told to fail`);
          calls.push(call);
        };
        const processor: IngestProcessor = {
          id,
          ...(order === undefined ? {} : { order }),
          ...(slices === undefined ? {} : { slices }),
          sessionStarted: (s) => record({ processor: id, method: 'sessionStarted', sessionId: s.sessionId, detail: s }),
          batch: (s, b) => record({ processor: id, method: 'batch', sessionId: s.sessionId, seq: b.seq, detail: b }),
          sessionEnded: (s, end) => record({ processor: id, method: 'sessionEnded', sessionId: s.sessionId, detail: end }),
        };
        r.extend(ingestExtensionPoints.processors, processor);
      }
    },
  });
}

export interface IngestWorld {
  t: TestKernel;
  tenantId: number;
  projectId: number;
  projectKey: string;
  owner: TestUser;
}

export async function bootIngest(options: { settings?: Record<string, unknown>; plugins?: ServerPlugin<DepsMap>[]; dataDir?: string } = {}): Promise<IngestWorld> {
  const t = await createTestKernel({
    plugins: [ingestPlugin, ...(options.plugins ?? [])],
    config: { plugins: [{ id: 'ingest', settings: { sweepEverySeconds: 3600, ...(options.settings ?? {}) } }] },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  });
  const { tenantId, projectId, owner } = await t.createTenant();
  const project = await t.request('GET', `/api/projects/${projectId}`, { token: owner.token });
  return { t, tenantId, projectId, owner, projectKey: project.body.data.projectKey };
}

export const CHROME_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

export async function start(t: TestKernel, body: StartRequest | Record<string, unknown>, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') {
  const res = await t.kernel.app.inject({ method: 'POST', url: '/api/ingest/v1/start', payload: body as object, headers: { 'user-agent': CHROME_UA, ...headers }, remoteAddress });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** A started session: its id and token. */
export async function newSession(w: IngestWorld, extra: Partial<StartRequest> = {}) {
  const res = await start(w.t, startBody(w.projectKey, extra));
  if (res.status !== 200 || !res.body.data.sampled) throw new Error(`start failed: ${JSON.stringify(res.body)}`);
  return res.body.data as { sessionId: string; token: string; nextSeq: number; serverTime: number };
}

export async function sendBatch(
  t: TestKernel,
  body: BatchRequest | Buffer | string,
  options: { token?: string; via?: 'header' | 'query'; gzip?: boolean; contentType?: string } = {},
) {
  const raw = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  const payload = options.gzip ? gzipSync(raw) : raw;
  const headers: Record<string, string> = { 'content-type': options.contentType ?? (options.gzip ? 'application/octet-stream' : 'application/json') };
  let url = '/api/ingest/v1/batch';
  if (options.token && options.via === 'query') url += `?token=${encodeURIComponent(options.token)}`;
  else if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await t.kernel.app.inject({ method: 'POST', url, payload, headers });
  let json: any = null;
  try {
    json = res.json();
  } catch {
    json = res.body;
  }
  return { status: res.statusCode, body: json, headers: res.headers };
}

export async function waitFor<T>(probe: () => Promise<T> | T, what: string, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Counts of what ingest keeps, to show a refused request stored nothing. */
export async function storedCounts(t: TestKernel) {
  const db = t.kernel.resolve(coreServices.database);
  const [b] = await db.sql<{ n: number }>(sql`select count(*)::int as n from ingest_batches`);
  const blobs = await t.kernel.resolve(coreServices.blobs).list('ingest/');
  return { batches: Number(b?.n ?? 0), blobs: blobs.length };
}
