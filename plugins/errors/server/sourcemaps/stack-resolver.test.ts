import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StackFrame } from '../../api.js';
import { parseStack } from '../stack/parse-stack.js';
import { CALL_LINE, CART_SOURCE, THROW_LINE, buildMinifiedBundle, type MinifiedBundle } from '../../testing/minified-bundle.js';
import { createSourceMapsTestKernel, type SourceMapsTestKernel } from '../../testing/sourcemaps-test-kernel.js';
import { validateSourceMap } from './sourcemap-validation.js';
import { looksBuilt } from './stack-resolver.js';

const SCRIPT_URL = 'https://shop.example/static/assets/app.min.js';

describe('StackResolver', () => {
  let t: SourceMapsTestKernel;
  let bundle: MinifiedBundle;
  let frames: StackFrame[];
  let projectId: number;

  const upload = (release: string, file: string, map: string | object = bundle.map) =>
    t.sourceMaps.store.save(projectId, release, file, validateSourceMap(Buffer.from(typeof map === 'string' ? map : JSON.stringify(map))));
  const resolve = (release: string | null, stackFrames = frames) => t.sourceMaps.resolver.resolve(projectId, release, stackFrames, bundle.stack);
  /** The same map naming other source paths, to tell two uploads apart. */
  const renamed = (prefix: string) => ({ ...JSON.parse(bundle.map), sources: JSON.parse(bundle.map).sources.map((s: string) => s.replace('../../src/', prefix)) });

  beforeAll(async () => {
    t = await createSourceMapsTestKernel();
    bundle = buildMinifiedBundle(SCRIPT_URL);
    frames = parseStack(bundle.stack, 'TypeError');
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    ({ projectId } = await t.createTenant());
  });

  it('maps a minified stack to the original files, lines, functions and code', async () => {
    expect(frames.map((f) => [f.function, f.lineNo])).toEqual([['e', 1], ['n', 1], ['globalThis.run', 1]]);
    await upload('1.0.0', 'assets/app.min.js');
    const stack = await resolve('1.0.0');
    expect(stack).toMatchObject({ raw: bundle.stack, release: '1.0.0', sourcemapsMissing: false });
    expect(stack.frames.map((f) => [f.filename, f.lineNo, f.function, f.mapped, f.offset])).toEqual([
      ['src/cart.ts', THROW_LINE, 'parseCart', true, 0],
      ['src/app.ts', CALL_LINE, 'checkout', true, 1],
      // The outermost frame has no caller to name it: its recorded name stays.
      ['src/app.ts', 8, 'globalThis.run', true, 2],
    ]);
    const top = stack.frames[0]!;
    expect(top.absPath).toBe('../../src/cart.ts');
    expect(top.colNo).toBe(11);
    expect(top.inApp).toBe(true);
    const cartLines = CART_SOURCE.split('\n');
    expect(top.context).toEqual(cartLines.slice(0, 10).map((text, i) => [i + 1, text]).filter(([n]) => (n as number) >= THROW_LINE - 5 && (n as number) <= THROW_LINE + 5));
    expect(top.context!.find(([n]) => n === THROW_LINE)![1]).toContain('throw new TypeError');
  });

  it('needs the occurrence release when it has one, and leaves unmapped frames raw with the warning', async () => {
    await upload('1.0.0', 'assets/app.min.js');
    const stack = await resolve('2.0.0');
    expect(stack.sourcemapsMissing).toBe(true);
    expect(stack.frames).toEqual(frames.map((f) => ({ ...f, mapped: false })));
  });

  it('does not ask for a map for a hand-written script served as is', async () => {
    await upload('1.0.0', 'assets/app.min.js');
    const handWritten: StackFrame = { absPath: 'https://shop.example/static/site.js', filename: '/static/site.js', function: 'onCouponClick', lineNo: 140, colNo: 12, offset: frames.length, context: null, inApp: true };
    const stack = await resolve('1.0.0', [...frames, handWritten]);
    expect(stack.frames.at(-1)).toMatchObject({ function: 'onCouponClick', mapped: false });
    expect(stack.sourcemapsMissing).toBe(false);
    // The same script minified (one long line) would need one.
    expect((await resolve('1.0.0', [...frames, { ...handWritten, lineNo: 1, colNo: 4210 }])).sourcemapsMissing).toBe(true);
  });

  it('tells built scripts from hand-written ones', () => {
    const frame = (filename: string, colNo = 10): StackFrame => ({ absPath: null, filename, function: null, lineNo: 3, colNo, offset: 0, context: null, inApp: true });
    for (const built of ['/a/app.min.js', '/static/js/main.3f9a1c2b.chunk.js', '/assets/index-BkL3x9_a.js', '/app.3f9a1c2b.mjs']) expect(looksBuilt(frame(built)), built).toBe(true);
    for (const plain of ['/demo/demo.js', '/js/my-checkout.js', '/js/checkout.js']) expect(looksBuilt(frame(plain)), plain).toBe(false);
    expect(looksBuilt(frame('/js/checkout.js', 900))).toBe(true);
  });

  it('uses the newest upload of the file when the occurrence has no release', async () => {
    await upload('old', 'assets/app.min.js', renamed('old/'));
    await upload('new', 'assets/app.min.js', renamed('new/'));
    expect((await resolve(null)).frames[0]).toMatchObject({ filename: 'new/cart.ts', mapped: true });
  });

  it('picks the longest file that ends the script path, on whole path segments', async () => {
    await upload('1.0.0', 'app.min.js', renamed('short/'));
    await upload('1.0.0', 'static/assets/app.min.js', renamed('long/'));
    await upload('1.0.0', 'other/assets/app.min.js', renamed('other/'));
    await upload('1.0.0', 'c/assets/app.min.js', renamed('partial/'));
    expect((await resolve('1.0.0')).frames[0]!.filename).toBe('long/cart.ts');
    const { projectId: fresh } = await t.createTenant();
    await t.sourceMaps.store.save(fresh, '1.0.0', 'tic/assets/app.min.js', validateSourceMap(Buffer.from(bundle.map)));
    expect((await t.sourceMaps.resolver.resolve(fresh, '1.0.0', frames, null)).frames[0]!.mapped).toBe(false);
  });

  it('does not warn about frames that are not the site\'s code, and marks mapped library code as such', async () => {
    await upload('1.0.0', 'assets/app.min.js', renamed('../../node_modules/cart-lib/'));
    const vendor: StackFrame = { absPath: 'https://cdn.jsdelivr.net/npm/lib.js', filename: '/npm/lib.js', function: 'x', lineNo: 1, colNo: 5, offset: 3, context: null, inApp: false };
    const stack = await resolve('1.0.0', [...frames, vendor]);
    expect(stack.sourcemapsMissing).toBe(false);
    expect(stack.frames[0]).toMatchObject({ filename: 'node_modules/cart-lib/cart.ts', inApp: false, mapped: true });
    expect(stack.frames[3]).toMatchObject({ ...vendor, mapped: false });
  });

  describe('cache', () => {
    it('reads and decodes a map once for a stack of many frames in one file, and again after a re-upload', async () => {
      await upload('1.0.0', 'assets/app.min.js');
      const many = Array.from({ length: 20 }, (_, i) => ({ ...frames[i % frames.length]!, offset: i }));
      const before = t.sourceMaps.cache.stats().loads;
      const first = await resolve('1.0.0', many);
      expect(first.frames.every((f) => f.mapped)).toBe(true);
      expect(t.sourceMaps.cache.stats().loads - before).toBe(1);
      await resolve('1.0.0', many);
      expect(t.sourceMaps.cache.stats().loads - before).toBe(1);

      await upload('1.0.0', 'assets/app.min.js', renamed('fixed/'));
      expect((await resolve('1.0.0', many)).frames[0]!.filename).toBe('fixed/cart.ts');
      expect(t.sourceMaps.cache.stats().loads - before).toBe(2);
    });

    it('forgets a release once it is deleted', async () => {
      await upload('1.0.0', 'assets/app.min.js');
      expect((await resolve('1.0.0')).frames[0]!.mapped).toBe(true);
      expect(await t.sourceMaps.store.deleteRelease(projectId, '1.0.0')).toBe(1);
      expect((await resolve('1.0.0')).sourcemapsMissing).toBe(true);
    });

    it('shares one read between concurrent requests for the same map', async () => {
      await upload('1.0.0', 'assets/app.min.js');
      const before = t.sourceMaps.cache.stats().loads;
      await Promise.all([resolve('1.0.0'), resolve('1.0.0'), resolve('1.0.0')]);
      expect(t.sourceMaps.cache.stats().loads - before).toBe(1);
    });
  });
});
