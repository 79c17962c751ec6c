/**
 * What a server process holds after resolving stacks in several large source maps at once:
 * the steps the `sourcemaps` section runs, each in a child process of its own
 * (`sourcemap-memory.child.ts`) so that each one's heap and RSS are its own.
 *
 * - `uploadMaps`: a kernel on a data directory that stays, the map uploaded as several scripts
 *   through the errors plugin's store (validated as the upload route validates it).
 * - `symbolicateWithCache`: a kernel on that directory resolves one stack in each script, all
 *   at once, through the plugin's resolver and its decoded-map cache; then again (warm).
 * - `holdLibraryArrays`: the same maps decoded by the mapping library and held, as the cache
 *   held maps before it kept them lean: what the same requests cost that way.
 *
 * Only calls that every version of the plugin has are used, so the section also measures an
 * older checkout of it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createTestKernel, type TestKernel } from '@cassette/core/testing';
import ingestPlugin from '@cassette/plugin-ingest/server';
import sessionsPlugin from '@cassette/plugin-sessions/server';
import errorsPlugin from '../../../plugins/errors/server.js';
import { parseStack } from '../../../plugins/errors/server/stack/parse-stack.js';
import { sourceMapsRef } from '../../../plugins/errors/server/sourcemaps/sourcemaps.service.js';
import { validateSourceMap } from '../../../plugins/errors/server/sourcemaps/sourcemap-validation.js';

export const RELEASE = '5.0.0';

/** The part of the mapping library used here (it comes with the errors plugin's dependencies). */
interface MappingLibrary {
  AnyMap: new (json: string) => object;
  originalPositionFor(map: object, needle: { line: number; column: number }): { source: string | null };
}
const library = createRequire(join(import.meta.dirname, '..', '..', '..', 'plugins', 'errors', 'package.json'))('@jridgewell/trace-mapping') as MappingLibrary;

/** What the section hands the steps: the map on disk, the stack it throws, and how many scripts. */
export interface MemoryPlan {
  dataDir: string;
  mapFile: string;
  /** A V8 stack in `assets/app.min.js` of `scriptUrl`. */
  stack: string;
  scriptUrl: string;
  scripts: number;
}

export interface MemoryFigures {
  heapUsedBytes: number;
  rssBytes: number;
  /** The process's highest RSS so far. */
  peakRssBytes: number;
}

export interface CacheRun {
  before: MemoryFigures;
  /** Right after the concurrent resolves, garbage not yet collected. */
  during: MemoryFigures;
  after: MemoryFigures;
  coldMs: number;
  warmMs: number;
  framesMapped: number;
  frames: number;
  /** The cache's own counters (an older version has no byte count). */
  cache: Record<string, number | undefined>;
}

export interface LibraryRun {
  before: MemoryFigures;
  after: MemoryFigures;
  decodeMs: number;
  framesMapped: number;
  frames: number;
}

const scriptFile = (i: number) => `assets/app-${i}.min.js`;
/** The bundle's stack as if thrown from script `i`. */
const stackIn = (plan: MemoryPlan, i: number) => plan.stack.replaceAll(plan.scriptUrl, plan.scriptUrl.replace(/assets\/app\.min\.js$/, scriptFile(i)));

/** A full collection (the child runs with --expose-gc), then the figures. */
export function memoryNow(collect = true): MemoryFigures {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (collect && gc) {
    gc();
    gc();
  }
  const usage = process.memoryUsage();
  return { heapUsedBytes: usage.heapUsed, rssBytes: usage.rss, peakRssBytes: process.resourceUsage().maxRSS * 1024 };
}

function bootKernel(dataDir: string): Promise<TestKernel> {
  return createTestKernel({ plugins: [ingestPlugin, sessionsPlugin, errorsPlugin], dataDir, config: { plugins: [{ id: 'ingest', settings: { sweepEverySeconds: 3600 } }] } });
}

/** Uploads the map as `scripts` scripts of one release; answers the project id. */
export async function uploadMaps(plan: MemoryPlan): Promise<number> {
  const t = await bootKernel(plan.dataDir);
  try {
    const { projectId } = await t.createTenant('Bench source-map memory');
    const sourceMaps = t.kernel.resolve(sourceMapsRef);
    const body = readFileSync(plan.mapFile);
    for (let i = 0; i < plan.scripts; i++) await sourceMaps.store.save(projectId, RELEASE, scriptFile(i), validateSourceMap(body));
    writeFileSync(`${plan.dataDir}/bench-project.json`, JSON.stringify({ projectId }));
    return projectId;
  } finally {
    await t.close();
  }
}

export async function symbolicateWithCache(plan: MemoryPlan): Promise<CacheRun> {
  const { projectId } = JSON.parse(readFileSync(`${plan.dataDir}/bench-project.json`, 'utf8')) as { projectId: number };
  const t = await bootKernel(plan.dataDir);
  try {
    const sourceMaps = t.kernel.resolve(sourceMapsRef);
    const stacks = Array.from({ length: plan.scripts }, (_, i) => parseStack(stackIn(plan, i), 'TypeError'));
    const resolveAll = () => Promise.all(stacks.map((frames) => sourceMaps.resolver.resolve(projectId, RELEASE, frames, null)));
    const before = memoryNow();
    let started = performance.now();
    const resolved = await resolveAll();
    const coldMs = performance.now() - started;
    const during = memoryNow(false);
    started = performance.now();
    await resolveAll();
    const warmMs = performance.now() - started;
    const after = memoryNow();
    const frames = resolved.flatMap((stack) => stack.frames);
    return { before, during, after, coldMs, warmMs, framesMapped: frames.filter((f) => f.mapped).length, frames: frames.length, cache: { ...sourceMaps.cache.stats() } };
  } finally {
    await t.close();
  }
}

export function holdLibraryArrays(plan: MemoryPlan): LibraryRun {
  const stacks = Array.from({ length: plan.scripts }, () => parseStack(plan.stack, 'TypeError'));
  const before = memoryNow();
  const started = performance.now();
  const held: object[] = [];
  let framesMapped = 0;
  for (const frames of stacks) {
    const map = new library.AnyMap(readFileSync(plan.mapFile, 'utf8'));
    for (const frame of frames) if (library.originalPositionFor(map, { line: frame.lineNo!, column: frame.colNo! - 1 }).source !== null) framesMapped++;
    held.push(map);
  }
  const decodeMs = performance.now() - started;
  const after = memoryNow();
  // Still held when measured.
  if (held.length !== stacks.length) throw new Error('maps were dropped');
  return { before, after, decodeMs, framesMapped, frames: stacks.reduce((n, s) => n + s.length, 0) };
}
