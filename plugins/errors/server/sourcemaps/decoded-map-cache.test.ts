import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StackFrame } from '../../api.js';
import { generateSourceMap, type GeneratedMap } from '../../testing/generated-source-map.js';
import { retainedBytesLowerBound } from '../../testing/retained-bytes.js';
import { createSourceMapsTestKernel, type SourceMapsTestKernel } from '../../testing/sourcemaps-test-kernel.js';
import { DecodedMapCache, type StoredMapKey } from './decoded-map-cache.js';
import { SourceMapStore } from './sourcemap-store.js';
import { validateSourceMap } from './sourcemap-validation.js';
import { StackResolver } from './stack-resolver.js';

const RELEASE = '3.1.0';
/** Large enough that decoded arrays would dwarf the JSON: 150,000 segments, about 0.9 MB of mappings. */
const SEGMENTS = 150_000;
const MAPS = 4;
const fileOf = (i: number) => `assets/bundle-${i}.min.js`;

describe('DecodedMapCache', () => {
  let t: SourceMapsTestKernel;
  let projectId: number;
  let maps: GeneratedMap[];

  /** Resolves a one-frame stack in map `i`, as the stack routes do; the frame must map. */
  const symbolicate = async (resolver: StackResolver, i: number) => {
    const frame: StackFrame = { absPath: `https://shop.example/${fileOf(i)}`, filename: `/${fileOf(i)}`, function: 'e', ...maps[i]!.frame, offset: 0, context: null, inApp: true };
    const stack = await resolver.resolve(projectId, RELEASE, [frame], null);
    expect(stack.frames[0]!.mapped, `a frame in map ${i}`).toBe(true);
  };
  const storedMap = async (store: SourceMapStore, i: number) => (await store.findForScript(projectId, RELEASE, [fileOf(i)]))!;

  beforeAll(async () => {
    t = await createSourceMapsTestKernel();
    ({ projectId } = await t.createTenant());
    maps = Array.from({ length: MAPS }, (_, i) => generateSourceMap({ seed: i + 1, segments: SEGMENTS, contentPerSource: 2_000 }));
    for (const [i, map] of maps.entries()) await t.sourceMaps.store.save(projectId, RELEASE, fileOf(i), validateSourceMap(Buffer.from(map.json)));
  });
  afterAll(async () => t?.close());

  it('counts each decoded map at no less than what it holds in memory, and not at many times more', async () => {
    for (let i = 0; i < MAPS; i++) await symbolicate(t.sourceMaps.resolver, i);
    for (let i = 0; i < MAPS; i++) {
      // The entry the frame was resolved with (a hit: no second read).
      const decoded = (await t.sourceMaps.store.decoded(await storedMap(t.sourceMaps.store, i)))!;
      const held = retainedBytesLowerBound(decoded);
      expect(decoded.estimatedBytes, `map ${i}: counted ${decoded.estimatedBytes} bytes, holds at least ${held}`).toBeGreaterThanOrEqual(held);
      expect(decoded.estimatedBytes).toBeLessThan(2 * held);
    }
  });

  it('keeps decoded maps within its bound in bytes, dropping the least recently used', async () => {
    const probe = new DecodedMapCache();
    const probeStore = new SourceMapStore(t.kernel.db, t.kernel.blobs, probe);
    await symbolicate(new StackResolver(probeStore), 0);
    const oneMap = (await probeStore.decoded(await storedMap(probeStore, 0)))!.estimatedBytes;

    // Room for two and a half maps by the cache's own count.
    const bound = Math.round(2.5 * oneMap);
    const cache = new DecodedMapCache({ maxBytes: bound });
    const store = new SourceMapStore(t.kernel.db, t.kernel.blobs, cache);
    const resolver = new StackResolver(store);
    for (let i = 0; i < MAPS; i++) await symbolicate(resolver, i);

    // Which maps are still in memory: a miss reads nothing and keeps nothing.
    const kept = [];
    for (let i = 0; i < MAPS; i++) {
      const decoded = await cache.get(await storedMap(store, i), async () => null);
      if (decoded) kept.push({ i, held: retainedBytesLowerBound(decoded) });
    }
    const held = kept.reduce((sum, k) => sum + k.held, 0);
    expect(held, `the kept maps hold at least ${held} bytes; the bound is ${bound}`).toBeLessThanOrEqual(bound);
    expect(kept.map((k) => k.i)).toEqual([2, 3]);
    expect(cache.stats()).toMatchObject({ entries: 2, maxBytes: bound });
    expect(cache.stats().bytes).toBeLessThanOrEqual(bound);
  });

  it('answers a map larger than its whole bound without keeping it', async () => {
    const cache = new DecodedMapCache({ maxBytes: 1024 * 1024 });
    const resolver = new StackResolver(new SourceMapStore(t.kernel.db, t.kernel.blobs, cache));
    await symbolicate(resolver, 0);
    await symbolicate(resolver, 0);
    expect(cache.stats()).toMatchObject({ loads: 2, uncached: 2, entries: 0, bytes: 0 });
  });

  describe('loading', () => {
    const small = JSON.stringify({ version: 3, sources: ['a.ts'], names: [], mappings: 'AAAA' });
    const keyOf = (file: string, bytes: number): StoredMapKey => ({ projectId: 1, release: 'r', file, uploadedAt: 1, bytes });
    /** A read that answers when the test says so, and tells when it began. */
    const deferredRead = () => {
      let answer!: (bytes: Uint8Array) => void;
      const state = { started: false };
      const read = () => {
        state.started = true;
        return new Promise<Uint8Array>((resolve) => (answer = resolve));
      };
      return { read, state, answer: () => answer(Buffer.from(small)) };
    };
    const tick = () => new Promise((resolve) => setImmediate(resolve));

    it('reads and decodes one large map at a time, whatever the number of requests', async () => {
      const cache = new DecodedMapCache();
      const first = deferredRead();
      const second = deferredRead();
      const large = 30 * 1024 * 1024;
      const loads = [cache.get(keyOf('a.js', large), first.read), cache.get(keyOf('b.js', large), second.read), cache.get(keyOf('a.js', large), first.read)];
      await tick();
      expect(first.state.started).toBe(true);
      expect(second.state.started).toBe(false);
      first.answer();
      await loads[0];
      await tick();
      expect(second.state.started).toBe(true);
      second.answer();
      const [a, b, again] = await Promise.all(loads);
      expect(a).not.toBeNull();
      expect(b).not.toBeNull();
      // The third request joined the first's load.
      expect(again).toBe(a);
      expect(cache.stats()).toMatchObject({ loads: 2, hits: 1, entries: 2 });
    });

    it('reads small maps side by side', async () => {
      const cache = new DecodedMapCache();
      const reads = [deferredRead(), deferredRead(), deferredRead()];
      const loads = reads.map((r, i) => cache.get(keyOf(`${i}.js`, 200_000), r.read));
      await tick();
      expect(reads.every((r) => r.state.started)).toBe(true);
      for (const r of reads) r.answer();
      expect((await Promise.all(loads)).every((map) => map !== null)).toBe(true);
    });

    it('answers a stored map it cannot decode as missing, and says so', async () => {
      const unreadable: string[] = [];
      const cache = new DecodedMapCache({ onUnreadable: (key, error) => unreadable.push(`${key.file}: ${(error as Error).message}`) });
      expect(await cache.get(keyOf('broken.js', 10), async () => Buffer.from('{"version": 3, "sources": [], "mappings": "AC"'))).toBeNull();
      expect(await cache.get(keyOf('wrong.js', 10), async () => Buffer.from('{"version": 3, "sources": [], "names": [], "mappings": "ACAA"}'))).toBeNull();
      expect(unreadable).toEqual([expect.stringMatching(/^broken\.js: .*JSON/), 'wrong.js: line 1 has a mapping to source 1, but the map has 0 sources']);
      expect(cache.stats()).toMatchObject({ unreadable: 2, entries: 0 });
    });
  });
});
