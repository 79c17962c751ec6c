/**
 * Source maps at size: a big bundle's map validated and uploaded through the real route (and
 * the CLI), then stacks in that bundle resolved through `GET /errors/{id}/sourcemaps`, with
 * the decoded-map cache cold and warm, the memory the decoded map takes, and how often the
 * map was read. Figures only: nothing here passes or fails on time.
 */
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createTestKernel, type TestKernel } from '@cassette/core/testing';
import { coreServices, sql } from '@cassette/plugin-sdk/server';
import ingestPlugin from '@cassette/plugin-ingest/server';
import sessionsPlugin from '@cassette/plugin-sessions/server';
import errorsPlugin from '../../plugins/errors/server.js';
import { parseStack } from '../../plugins/errors/server/stack/parse-stack.js';
import { sourceMapsRef } from '../../plugins/errors/server/sourcemaps/sourcemaps.service.js';
import { validateSourceMap } from '../../plugins/errors/server/sourcemaps/sourcemap-validation.js';
import { main as cliMain } from '../../packages/cli/src/main.js';
import { BUNDLE_SCRIPT, THROWN_MESSAGE, buildBigBundle, type BigBundle } from './big-bundle.js';
import { SITE_ORIGIN } from './generator/catalogue.js';
import { percentile } from './latency.js';

export interface SourceMapOptions {
  modules: number;
  functionsPerModule: number;
  /** Frames of the stack timed cold and warm. */
  frames: number;
  /** Different stacks resolved once each with the map in memory. */
  stacks: number;
  coldRuns: number;
  warmRuns: number;
  uploadRuns: number;
  /** Also upload through the CLI's command (over HTTP to the kernel listening on a local port). */
  cli: boolean;
  log: (line: string) => void;
}

export interface Timing {
  runs: number;
  p50: number;
  p95: number;
  min: number;
  max: number;
}

export interface SourceMapFigures {
  bundle: { modules: number; functionsPerModule: number; sources: number; sourceBytes: number; jsBytes: number; mapBytes: number; buildMs: number };
  validate: Timing;
  upload: Timing;
  cliUpload: Timing | null;
  cold: Timing & { framesMapped: number; frames: number; readsPerResolve: number };
  warm: Timing & { reads: number };
  differentStacks: Timing & { stacks: number; reads: number; framesMapped: number; frames: number };
  memory: { heapBeforeBytes: number; heapAfterBytes: number; decodedHeapBytes: number; rssDeltaBytes: number; cacheEstimateBytes: number; gcExposed: boolean };
  cacheStats: { loads: number; hits: number; entries: number };
}

const RELEASE = '2.0.0';
const SCRIPT_URL = `${SITE_ORIGIN}/${BUNDLE_SCRIPT}`;
const round = (ms: number) => Math.round(ms * 10) / 10;

export function timing(samples: readonly number[]): Timing {
  return { runs: samples.length, p50: round(percentile(samples, 50)), p95: round(percentile(samples, 95)), min: round(Math.min(...samples)), max: round(Math.max(...samples)) };
}

/** A full garbage collection when the flag can be set at run time; heap figures are steadier with it. */
function garbageCollector(): (() => void) | null {
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? () => (gc as () => void)() : null;
  } catch {
    return null;
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

function ok(res: { status: number; body: any }, what: string): any {
  if (res.status !== 200) throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body.data;
}

/** One error group per stack, with one occurrence carrying that stack, as the grouping stores them. */
async function recordStacks(t: TestKernel, projectId: number, tenantId: number, stacks: readonly string[]): Promise<string[]> {
  const db = t.kernel.resolve(coreServices.database);
  const ids: string[] = [];
  const at = new Date();
  for (const [i, stack] of stacks.entries()) {
    const errorId = `bench-sourcemap-${i}`;
    const frames = parseStack(stack, 'TypeError');
    await db.sql(sql`insert into errors_errors (error_id, project_id, tenant_id, fingerprint, source, name, message, status, first_occurrence_at, last_occurrence_at)
       values (${errorId}, ${projectId}, ${tenantId}, ${`bench-${i}`}, 'js_exception', 'TypeError', ${THROWN_MESSAGE}, 'unresolved', ${at}, ${at})`);
    await db.sql(sql`insert into errors_occurrences (project_id, error_id, session_id, seq, idx, ts, user_key, url, release, name, message, stack, frames)
       values (${projectId}, ${errorId}, ${`${at.getTime()}${String(i).padStart(6, '0')}`}, 0, 0, ${at}, ${`session:${i}`}, ${`${SITE_ORIGIN}/checkout`}, ${RELEASE}, 'TypeError', ${THROWN_MESSAGE}, ${stack}, ${JSON.stringify(frames)}::jsonb)`);
    ids.push(errorId);
  }
  return ids;
}

function checkResolved(stack: any, frames: number): number {
  const mapped = (stack.frames as { mapped: boolean }[]).filter((f) => f.mapped).length;
  const top = stack.frames[0] as { filename: string; function: string | null; context: unknown[] | null };
  if (stack.frames.length !== frames || !/modules\/m\d+\.ts$/.test(top.filename) || !top.context?.length) {
    throw new Error(`the stack did not map to the generated sources: ${JSON.stringify(stack.frames.slice(0, 2))}`);
  }
  return mapped;
}

export async function measureSourceMaps(o: SourceMapOptions): Promise<SourceMapFigures> {
  const gc = garbageCollector();
  const collect = () => {
    gc?.();
    return process.memoryUsage();
  };
  o.log(`building a bundle of ${o.modules.toLocaleString('en-US')} modules with esbuild (minified, linked map, sources inlined)…`);
  const bundle: BigBundle = buildBigBundle({ modules: o.modules, functionsPerModule: o.functionsPerModule, scriptUrl: SCRIPT_URL });
  const t = await createTestKernel({ plugins: [ingestPlugin, sessionsPlugin, errorsPlugin], config: { plugins: [{ id: 'ingest', settings: { sweepEverySeconds: 3600 } }] } });
  try {
    const { projectId, tenantId, owner, apiKey } = await t.createTenant('Bench source maps');
    const projectKey = ok(await t.request('GET', `/api/projects/${projectId}`, { token: owner.token }), 'GET /api/projects/{id}').projectKey as string;
    const sourceMaps = t.kernel.resolve(sourceMapsRef);
    const mapText = bundle.map.toString('utf8');

    o.log(`validating and uploading the ${(bundle.map.byteLength / 1024 / 1024).toFixed(1)} MB map…`);
    const validateSamples: number[] = [];
    for (let i = 0; i < o.uploadRuns; i++) {
      const started = performance.now();
      validateSourceMap(bundle.map);
      validateSamples.push(performance.now() - started);
    }
    const uploadUrl = `/api/sourcemaps?${new URLSearchParams({ projectKey, release: RELEASE, file: BUNDLE_SCRIPT })}`;
    const uploadSamples: number[] = [];
    for (let i = 0; i < o.uploadRuns; i++) {
      const { ms, value } = await timed(() => t.request('POST', uploadUrl, { token: apiKey, body: mapText, headers: { 'content-type': 'application/json' } }));
      ok(value, 'POST /api/sourcemaps');
      uploadSamples.push(ms);
    }

    let cliUpload: Timing | null = null;
    if (o.cli) {
      const server = await t.kernel.app.listen({ port: 0, host: '127.0.0.1' });
      const samples: number[] = [];
      for (let i = 0; i < o.uploadRuns; i++) {
        const errors: string[] = [];
        const io = { env: { CASSETTE_API_KEY: apiKey }, fetch: globalThis.fetch, cwd: process.cwd(), out: () => undefined, err: (line: string) => void errors.push(line) };
        const { ms, value: status } = await timed(() => cliMain(['sourcemaps', 'upload', '--project-key', projectKey, '--release', RELEASE, '--server', server, bundle.dist], io));
        if (status !== 0) throw new Error(`the CLI upload failed (${status}): ${errors.join(' ')}`);
        samples.push(ms);
      }
      cliUpload = timing(samples);
    }

    const stacks = Array.from({ length: Math.max(1, o.stacks) }, (_, i) => bundle.stack(Math.floor((i * o.modules) / Math.max(1, o.stacks)), o.frames));
    const errorIds = await recordStacks(t, projectId, tenantId, stacks);
    const resolve = (errorId: string) => timed(async () => ok(await t.request('GET', `/api/${projectId}/errors/${errorId}/sourcemaps`, { token: owner.token }), 'GET /errors/{id}/sourcemaps'));

    o.log(`resolving a ${o.frames}-frame stack: ${o.coldRuns} cold (map read and decoded), ${o.warmRuns} warm, then ${stacks.length} different stacks…`);
    const coldSamples: number[] = [];
    const heapDeltas: number[] = [];
    const rssDeltas: number[] = [];
    let heapBefore = 0;
    let heapAfter = 0;
    let framesMapped = 0;
    let reads = 0;
    for (let i = 0; i < o.coldRuns; i++) {
      sourceMaps.cache.invalidate(projectId);
      const before = collect();
      const loadsBefore = sourceMaps.cache.stats().loads;
      const { ms, value } = await resolve(errorIds[0]!);
      coldSamples.push(ms);
      reads = sourceMaps.cache.stats().loads - loadsBefore;
      framesMapped = checkResolved(value, o.frames);
      const after = collect();
      heapBefore = before.heapUsed;
      heapAfter = after.heapUsed;
      heapDeltas.push(after.heapUsed - before.heapUsed);
      rssDeltas.push(after.rss - before.rss);
    }

    const coldEstimate = sourceMaps.cache.stats().bytes;
    const warmLoads = sourceMaps.cache.stats().loads;
    const warmSamples: number[] = [];
    for (let i = 0; i < o.warmRuns; i++) warmSamples.push((await resolve(errorIds[0]!)).ms);
    const warmReads = sourceMaps.cache.stats().loads - warmLoads;

    const manyLoads = sourceMaps.cache.stats().loads;
    const manySamples: number[] = [];
    let manyMapped = 0;
    for (const errorId of errorIds) {
      const { ms, value } = await resolve(errorId);
      manySamples.push(ms);
      manyMapped += checkResolved(value, o.frames);
    }
    const manyReads = sourceMaps.cache.stats().loads - manyLoads;

    return {
      bundle: { modules: o.modules, functionsPerModule: o.functionsPerModule, sources: bundle.sources, sourceBytes: bundle.sourceBytes, jsBytes: Buffer.byteLength(bundle.js), mapBytes: bundle.map.byteLength, buildMs: round(bundle.buildMs) },
      validate: timing(validateSamples),
      upload: timing(uploadSamples),
      cliUpload,
      cold: { ...timing(coldSamples), framesMapped, frames: o.frames, readsPerResolve: reads },
      warm: { ...timing(warmSamples), reads: warmReads },
      differentStacks: { ...timing(manySamples), stacks: errorIds.length, reads: manyReads, framesMapped: manyMapped, frames: errorIds.length * o.frames },
      memory: {
        heapBeforeBytes: heapBefore,
        heapAfterBytes: heapAfter,
        decodedHeapBytes: Math.round(percentile(heapDeltas, 50)),
        rssDeltaBytes: Math.round(percentile(rssDeltas, 50)),
        // What the cache counts the decoded map as (the last cold run left it as the only entry).
        cacheEstimateBytes: coldEstimate,
        gcExposed: gc !== null,
      },
      cacheStats: sourceMaps.cache.stats(),
    };
  } finally {
    await t.close();
    bundle.dispose();
  }
}
