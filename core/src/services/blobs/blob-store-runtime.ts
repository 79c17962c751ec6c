import type { BlobStore } from '@cassette/plugin-sdk/server';

/** What the kernel sees of a blob store: plugins get the narrower BlobStore. */
export interface BlobStoreRuntime extends BlobStore {
  /** Resolves when blobs can be written and read (readiness); rejects saying why not. */
  ping(): Promise<void>;
}
