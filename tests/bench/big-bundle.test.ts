import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStack } from '../../plugins/errors/server/stack/parse-stack.js';
import { validateSourceMap } from '../../plugins/errors/server/sourcemaps/sourcemap-validation.js';
import { createSourceMapsTestKernel, type SourceMapsTestKernel } from '../../plugins/errors/testing/sourcemaps-test-kernel.js';
import { BUNDLE_SCRIPT, THROWN_MESSAGE, buildBigBundle, type BigBundle } from './big-bundle.js';

const SCRIPT_URL = `https://shop.example.test/${BUNDLE_SCRIPT}`;
const MODULES = 30;

describe('the big bundle of the errors benchmark', () => {
  let bundle: BigBundle;
  let t: SourceMapsTestKernel;
  let projectId: number;

  beforeAll(async () => {
    bundle = buildBigBundle({ modules: MODULES, functionsPerModule: 2, scriptUrl: SCRIPT_URL });
    t = await createSourceMapsTestKernel();
    ({ projectId } = await t.createTenant());
  });
  afterAll(async () => {
    await t?.close();
    bundle?.dispose();
  });

  it('is one minified script whose map carries every module with its source', () => {
    expect(bundle.js.split('\n').filter((line) => line.trim() && !line.startsWith('//#')).length).toBe(1);
    const map = JSON.parse(bundle.map.toString('utf8')) as { sources: string[]; sourcesContent: string[] };
    expect(bundle.sources).toBe(MODULES + 1);
    expect(map.sources.filter((s) => /modules\/m\d{5}\.ts$/.test(s))).toHaveLength(MODULES);
    expect(map.sourcesContent.every((content) => content.length > 0)).toBe(true);
    // The errors plugin accepts it as uploaded.
    expect(validateSourceMap(bundle.map).sources).toBe(MODULES + 1);
  });

  it('throws real stacks of the length asked, through the modules after the start, wrapping around', () => {
    const stack = bundle.stack(25, 20);
    const lines = stack.split('\n');
    expect(lines[0]).toBe(`TypeError: ${THROWN_MESSAGE}`);
    expect(lines.slice(1)).toHaveLength(20);
    expect(lines.slice(1).every((line) => line.includes(`${SCRIPT_URL}:1:`))).toBe(true);
    expect(bundle.stack(3, 20)).not.toBe(stack);
  });

  it('maps back to the module that threw, with the plugin resolving it', async () => {
    await t.sourceMaps.store.save(projectId, 'r1', BUNDLE_SCRIPT, validateSourceMap(bundle.map));
    const start = 25;
    const frames = parseStack(bundle.stack(start, 20), 'TypeError');
    const resolved = await t.sourceMaps.resolver.resolve(projectId, 'r1', frames, null);
    expect(resolved.frames.every((f) => f.mapped)).toBe(true);
    // 19 links of the chain from the start; the last of them reads the missing entry.
    const thrower = (start + 18) % MODULES;
    const top = resolved.frames[0]!;
    expect(top.filename).toMatch(new RegExp(`modules/m${String(thrower).padStart(5, '0')}\\.ts$`));
    expect(top.context?.find(([line]) => line === top.lineNo)?.[1]).toContain('entry.price');
    expect(resolved.frames[1]!.filename).toMatch(new RegExp(`modules/m${String(thrower - 1).padStart(5, '0')}\\.ts$`));
    expect(resolved.frames.at(-1)!.filename).toMatch(/entry\.ts$/);
    expect(t.sourceMaps.cache.stats().loads).toBe(1);
  });
});
