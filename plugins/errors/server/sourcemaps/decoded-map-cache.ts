import { LRUCache } from 'lru-cache';
import { SOURCEMAP_LIMITS } from '../../api.js';
import { ByteBudget } from './byte-budget.js';
import { DecodedMap } from './decoded-map.js';

/** Which stored map: one upload of a file for a release (the upload time tells re-uploads apart). */
export interface StoredMapKey {
  projectId: number;
  release: string;
  file: string;
  /** Epoch ms of the upload. */
  uploadedAt: number;
  /** Size of the stored JSON, which a load holds while it decodes; unknown counts as the largest map. */
  bytes?: number;
}

/** The default bound of the decoded maps one server process keeps (the errors plugin's `sourceMapCacheBytes`). */
export const DEFAULT_CACHE_BYTES = 256 * 1024 * 1024;

export interface DecodedMapCacheOptions {
  /** Bound of the decoded maps kept, by their `estimatedBytes`. */
  maxBytes?: number;
  /**
   * Bound of the stored JSON being read and decoded at once (bytes). A load holds its JSON, the
   * parsed map and the new index until it is done, about three times the JSON; the largest
   * map accepted is loaded alone.
   */
  maxLoadingBytes?: number;
  /** Told about a stored map that cannot be decoded (it is then answered as missing). */
  onUnreadable?: (key: StoredMapKey, error: unknown) => void;
}

/**
 * Decoded maps, least recently used dropped first once their estimated memory would pass
 * `maxBytes`. Keyed by upload time too, so another process's re-upload is never answered from a
 * stale entry. Loads of the same map at the same time share one read and one decode, and loads
 * of different maps together hold at most `maxLoadingBytes` of JSON: memory stays within the
 * bound plus one load of the largest map, however many requests come at once.
 */
export class DecodedMapCache {
  readonly maxBytes: number;
  private readonly entries: LRUCache<string, DecodedMap>;
  private readonly pending = new Map<string, Promise<DecodedMap | null>>();
  private readonly loading: ByteBudget;
  private readonly onUnreadable: (key: StoredMapKey, error: unknown) => void;
  private counters = { loads: 0, hits: 0, uncached: 0, unreadable: 0 };

  constructor(options: DecodedMapCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? DEFAULT_CACHE_BYTES;
    this.entries = new LRUCache<string, DecodedMap>({ maxSize: this.maxBytes, sizeCalculation: (map) => map.estimatedBytes });
    this.loading = new ByteBudget(options.maxLoadingBytes ?? SOURCEMAP_LIMITS.maxMapBytes);
    this.onUnreadable = options.onUnreadable ?? (() => undefined);
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
    const load = this.load(id, key, read);
    this.pending.set(id, load);
    try {
      return await load;
    } finally {
      this.pending.delete(id);
    }
  }

  private async load(id: string, key: StoredMapKey, read: () => Promise<Uint8Array | null>): Promise<DecodedMap | null> {
    const release = await this.loading.acquire(key.bytes ?? Infinity);
    try {
      this.counters.loads++;
      const decoded = decodeStored(await read());
      if (decoded instanceof Error) {
        this.counters.unreadable++;
        this.onUnreadable(key, decoded);
        return null;
      }
      // A map larger than the whole cache (stored before the bound was lowered: uploads that
      // large are refused) is answered, not kept; the loading budget still bounds it.
      if (decoded && decoded.estimatedBytes <= this.maxBytes) this.entries.set(id, decoded);
      else if (decoded) this.counters.uncached++;
      return decoded;
    } finally {
      release();
    }
  }

  /** Drops a project's entries: one file of a release, a whole release, or everything of the project. */
  invalidate(projectId: number, release?: string, file?: string): void {
    const prefix = [projectId, release, file].filter((part) => part !== undefined).map((part) => encodeURIComponent(String(part))).join('|') + '|';
    for (const id of [...this.entries.keys()]) if (id.startsWith(prefix)) this.entries.delete(id);
  }

  /**
   * Reads from the blob store (loads), answers from memory (hits), maps answered but too large
   * to keep, stored maps that could not be decoded, and what is kept against its bound.
   */
  stats(): { loads: number; hits: number; uncached: number; unreadable: number; entries: number; bytes: number; maxBytes: number } {
    return { ...this.counters, entries: this.entries.size, bytes: this.entries.calculatedSize, maxBytes: this.maxBytes };
  }
}

/**
 * The stored JSON decoded, in a function of its own so the text (up to twice the stored
 * bytes) is garbage as soon as the map is built. An Error for a map that cannot be decoded.
 */
function decodeStored(bytes: Uint8Array | null): DecodedMap | Error | null {
  if (!bytes) return null;
  try {
    return DecodedMap.fromJson(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

function cacheKey(key: StoredMapKey): string {
  return [key.projectId, key.release, key.file, key.uploadedAt].map((part) => encodeURIComponent(String(part))).join('|');
}
