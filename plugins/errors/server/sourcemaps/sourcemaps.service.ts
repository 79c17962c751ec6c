import { createServiceRef } from '@cassette/plugin-sdk';
import { coreServices, type BlobStore, type DatabaseService, type ServiceFactory } from '@cassette/plugin-sdk/server';
import { errorsSettings } from '../settings.js';
import { DecodedMapCache, type DecodedMapCacheOptions } from './decoded-map-cache.js';
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

export function createSourceMaps(db: DatabaseService, blobs: BlobStore, cache: DecodedMapCacheOptions = {}): SourceMaps {
  const decoded = new DecodedMapCache(cache);
  const store = new SourceMapStore(db, blobs, decoded);
  return { store, resolver: new StackResolver(store), cache: decoded };
}

const serviceDeps = { database: coreServices.database, blobs: coreServices.blobs, settings: errorsSettings, log: coreServices.logger };

export const sourceMapsService: ServiceFactory<SourceMaps, typeof serviceDeps> = {
  ref: sourceMapsRef,
  deps: serviceDeps,
  create: ({ database, blobs, settings, log }) =>
    createSourceMaps(database, blobs, {
      maxBytes: settings.sourceMapCacheBytes,
      onUnreadable: (map, error) =>
        log.warn({ projectId: map.projectId, release: map.release, file: map.file, error: error instanceof Error ? error.message : String(error) }, 'A stored source map could not be decoded; its frames stay unmapped'),
    }),
};
