import { AnyMap, type TraceMap } from '@jridgewell/trace-mapping';
import { LRUCache } from 'lru-cache';

/** Which stored map: one upload of a file for a release (the upload time tells re-uploads apart). */
export interface StoredMapKey {
  projectId: number;
  release: string;
  file: string;
  /** Epoch ms of the upload. */
  uploadedAt: number;
}

/** A decoded map and the lines of its sources, split when a frame first needs them. */
export class DecodedMap {
  private readonly lines = new Map<number, string[] | null>();

  constructor(
    readonly trace: TraceMap,
    /** What it is taken to occupy in memory (the cache's measure). */
    readonly estimatedBytes: number,
  ) {}

  /** The lines of one source from `sourcesContent`, or null when the map does not carry it. */
  sourceLines(sourceIndex: number): string[] | null {
    if (!this.lines.has(sourceIndex)) {
      const content = this.trace.sourcesContent?.[sourceIndex];
      this.lines.set(sourceIndex, typeof content === 'string' ? content.split(/\r\n|\r|\n/) : null);
    }
    return this.lines.get(sourceIndex)!;
  }
}

/**
 * Decoded arrays and split sources take several times the JSON's size in memory: measured at
 * about 7× for a 17.8 MB bundler map (`npm run bench:errors`), so the cap bounds the real heap.
 */
const DECODED_BYTES_PER_MAP_BYTE = 8;
export const DEFAULT_CACHE_BYTES = 512 * 1024 * 1024;

/**
 * Decoded maps, least recently used dropped first, bounded by their estimated memory. Keyed
 * by upload time too, so another process's re-upload is never answered from a stale entry;
 * loads of the same map at the same time share one read and one decode.
 */
export class DecodedMapCache {
  private readonly entries: LRUCache<string, DecodedMap>;
  private readonly pending = new Map<string, Promise<DecodedMap | null>>();
  private counters = { loads: 0, hits: 0 };

  constructor(maxBytes = DEFAULT_CACHE_BYTES) {
    this.entries = new LRUCache<string, DecodedMap>({ maxSize: maxBytes, sizeCalculation: (map) => map.estimatedBytes });
  }

  /** The decoded map, read with `read` (the map's JSON, or null when it is gone) on a miss. */
  async get(key: StoredMapKey, read: () => Promise<Uint8Array | null>): Promise<DecodedMap | null> {
    const id = cacheKey(key);
    const cached = this.entries.get(id);
    if (cached) {
      this.counters.hits++;
      return cached;
    }
    const inFlight = this.pending.get(id);
    if (inFlight) {
      this.counters.hits++;
      return inFlight;
    }
    const load = (async () => {
      this.counters.loads++;
      const bytes = await read();
      if (!bytes) return null;
      const json = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
      const decoded = new DecodedMap(new AnyMap(json), Math.max(1, bytes.byteLength * DECODED_BYTES_PER_MAP_BYTE));
      // A map larger than the whole cache is still answered, just not kept.
      if (decoded.estimatedBytes <= this.entries.maxSize) this.entries.set(id, decoded);
      return decoded;
    })();
    this.pending.set(id, load);
    try {
      return await load;
    } finally {
      this.pending.delete(id);
    }
  }

  /** Drops a project's entries: one file of a release, a whole release, or everything of the project. */
  invalidate(projectId: number, release?: string, file?: string): void {
    const prefix = [projectId, release, file].filter((part) => part !== undefined).map((part) => encodeURIComponent(String(part))).join('|') + '|';
    for (const id of [...this.entries.keys()]) if (id.startsWith(prefix)) this.entries.delete(id);
  }

  /** Reads from the blob store (loads) and answers from memory (hits), for tests and logs. */
  stats(): { loads: number; hits: number; entries: number } {
    return { ...this.counters, entries: this.entries.size };
  }
}

function cacheKey(key: StoredMapKey): string {
  return [key.projectId, key.release, key.file, key.uploadedAt].map((part) => encodeURIComponent(String(part))).join('|');
}
