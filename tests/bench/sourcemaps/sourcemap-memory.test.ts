import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_SCRIPT, buildBigBundle, type BigBundle } from '../big-bundle.js';
import { holdLibraryArrays, symbolicateWithCache, uploadMaps, type MemoryPlan } from './sourcemap-memory.js';

const SCRIPT_URL = `https://shop.example.test/${BUNDLE_SCRIPT}`;

describe('the steps of the source-map memory section, at a tiny size', () => {
  let bundle: BigBundle;
  let root: string;
  let plan: MemoryPlan;

  beforeAll(() => {
    bundle = buildBigBundle({ modules: 30, functionsPerModule: 2, scriptUrl: SCRIPT_URL });
    root = mkdtempSync(join(tmpdir(), 'cassette-sourcemap-memory-'));
    const mapFile = join(root, 'app.min.js.map');
    writeFileSync(mapFile, bundle.map);
    plan = { dataDir: join(root, 'data'), mapFile, stack: bundle.stack(0, 6), scriptUrl: SCRIPT_URL, scripts: 3 };
  });
  afterAll(() => {
    bundle?.dispose();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('uploads the map as several scripts, then resolves a stack in each with one read of each map', async () => {
    expect(await uploadMaps(plan)).toBeGreaterThan(0);
    const run = await symbolicateWithCache(plan);
    expect(run.frames).toBe(3 * 6);
    expect(run.framesMapped).toBe(run.frames);
    expect(run.cache).toMatchObject({ loads: 3, entries: 3 });
    for (const figures of [run.before, run.during, run.after]) expect(figures.rssBytes).toBeGreaterThan(0);
    // Two kernel boots on the database under test: on a busy PostgreSQL this takes more than the default 30 s.
  }, 120_000);

  it('holds the same maps decoded by the mapping library, every frame mapped', () => {
    const run = holdLibraryArrays(plan);
    expect(run.frames).toBe(3 * 6);
    expect(run.framesMapped).toBe(run.frames);
  });
});
