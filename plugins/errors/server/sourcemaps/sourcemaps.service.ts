import { createServiceRef } from '@cassette/plugin-sdk';
import { coreServices, type BlobStore, type DatabaseService, type ServiceFactory } from '@cassette/plugin-sdk/server';
import { DecodedMapCache } from './decoded-map-cache.js';
import { SourceMapStore } from './sourcemap-store.js';
import { StackResolver } from './stack-resolver.js';

/** The uploaded maps of every project and what resolves stacks with them; one per process. */
export interface SourceMaps {
  store: SourceMapStore;
  resolver: StackResolver;
  cache: DecodedMapCache;
}

/** The errors plugin's own service: its routes and jobs reach it through the plugin's deps. */
export const sourceMapsRef = createServiceRef<SourceMaps>('errors.sourceMaps');

export function createSourceMaps(db: DatabaseService, blobs: BlobStore, cacheBytes?: number): SourceMaps {
  const cache = new DecodedMapCache(cacheBytes);
  const store = new SourceMapStore(db, blobs, cache);
  return { store, resolver: new StackResolver(store), cache };
}

const serviceDeps = { database: coreServices.database, blobs: coreServices.blobs };

export const sourceMapsService: ServiceFactory<SourceMaps, typeof serviceDeps> = {
  ref: sourceMapsRef,
  deps: serviceDeps,
  create: ({ database, blobs }) => createSourceMaps(database, blobs),
};
