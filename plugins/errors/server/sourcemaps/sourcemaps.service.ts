import { createServiceRef } from '@cassette/plugin-sdk';
import type { BlobStore, DatabaseService } from '@cassette/plugin-sdk/server';
import { DecodedMapCache } from './decoded-map-cache.js';
import { SourceMapStore } from './sourcemap-store.js';
import { StackResolver } from './stack-resolver.js';

/** The uploaded maps of every project and what resolves stacks with them; one per process. */
export interface SourceMaps {
  store: SourceMapStore;
  resolver: StackResolver;
  cache: DecodedMapCache;
}

export const sourceMapsRef = createServiceRef<SourceMaps>('errors.sourceMaps');

export function createSourceMaps(db: DatabaseService, blobs: BlobStore, cacheBytes?: number): SourceMaps {
  const cache = new DecodedMapCache(cacheBytes);
  const store = new SourceMapStore(db, blobs, cache);
  return { store, resolver: new StackResolver(store), cache };
}
