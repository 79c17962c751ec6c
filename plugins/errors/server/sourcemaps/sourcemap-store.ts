import { createHash } from 'node:crypto';
import { sql, trusted, type BlobStore, type DatabaseService } from '@cassette/plugin-sdk/server';
import type { SourceMapInfo } from '../../api.js';
import type { DecodedMapCache, StoredMapKey } from './decoded-map-cache.js';
import type { DecodedMap } from './decoded-map.js';
import type { ValidatedSourceMap } from './sourcemap-validation.js';

interface SourceMapRow {
  release: string;
  file: string;
  blob_key: string;
  bytes: number;
  uploaded_at: Date | string;
}

/** A stored map as the resolver finds it for a frame. */
export interface StoredMap extends StoredMapKey {
  blobKey: string;
  bytes: number;
}

const hashOf = (text: string, length: number) => createHash('sha256').update(text).digest('hex').slice(0, length);

/**
 * The blob key of a map. Built from hashes only: neither the release nor the file name (both
 * chosen by whoever uploads) ever becomes part of a storage path.
 */
export function sourceMapBlobKey(projectId: number, release: string, file: string): string {
  return `errors/sourcemaps/${projectId}/${hashOf(release, 24)}/${hashOf(file, 40)}.map`;
}

const epochMs = (value: Date | string) => new Date(value).getTime();

/** Uploaded maps: the JSON in the blob store, one `errors_sourcemaps` row per (project, release, file). */
export class SourceMapStore {
  constructor(
    private readonly db: DatabaseService,
    private readonly blobs: BlobStore,
    private readonly cache: DecodedMapCache,
  ) {}

  /** Stores a validated map; a second upload of the same release and file replaces the first. */
  async save(projectId: number, release: string, file: string, map: ValidatedSourceMap): Promise<SourceMapInfo> {
    const blobKey = sourceMapBlobKey(projectId, release, file);
    await this.blobs.put(blobKey, map.text, { contentType: 'application/json' });
    let rows: { uploaded_at: Date | string }[];
    try {
      rows = await this.db.sql<{ uploaded_at: Date | string }>(sql`insert into errors_sourcemaps (project_id, release, file, blob_key, bytes, uploaded_at) values (${projectId}, ${release}, ${file}, ${blobKey}, ${map.bytes}, clock_timestamp())
         on conflict (project_id, release, file) do update set blob_key = excluded.blob_key, bytes = excluded.bytes, uploaded_at = excluded.uploaded_at
         returning uploaded_at`);
    } catch (error) {
      // A first upload that could not be recorded must not leave its blob behind.
      const recorded = await this.db.sql(sql`select 1 from errors_sourcemaps where project_id = ${projectId} and release = ${release} and file = ${file}`).catch(() => [1]);
      if (!recorded.length) await this.blobs.delete(blobKey).catch(() => undefined);
      throw error;
    } finally {
      this.cache.invalidate(projectId, release, file);
    }
    return { release, file, bytes: map.bytes, uploadedAt: epochMs(rows[0]!.uploaded_at) };
  }

  /** The project's maps, newest upload first. */
  async list(projectId: number, release?: string): Promise<SourceMapInfo[]> {
    const rows = release === undefined
      ? await this.db.sql<SourceMapRow>(sql`select release, file, blob_key, bytes, uploaded_at from errors_sourcemaps where project_id = ${projectId} order by uploaded_at desc, file`)
      : await this.db.sql<SourceMapRow>(sql`select release, file, blob_key, bytes, uploaded_at from errors_sourcemaps where project_id = ${projectId} and release = ${release} order by uploaded_at desc, file`);
    return rows.map((r) => ({ release: r.release, file: r.file, bytes: Number(r.bytes), uploadedAt: epochMs(r.uploaded_at) }));
  }

  /** Deletes one release's maps, rows and blobs; answers how many. */
  async deleteRelease(projectId: number, release: string): Promise<number> {
    const rows = await this.db.sql<{ blob_key: string }>(sql`delete from errors_sourcemaps where project_id = ${projectId} and release = ${release} returning blob_key`);
    this.cache.invalidate(projectId, release);
    for (const row of rows) await this.blobs.delete(row.blob_key);
    return rows.length;
  }

  /** Deletes every map of a deleted project, rows and blobs; answers how many. */
  async deleteProject(projectId: number): Promise<number> {
    const rows = await this.db.sql<{ blob_key: string }>(sql`delete from errors_sourcemaps where project_id = ${projectId} returning blob_key`);
    this.cache.invalidate(projectId);
    for (const row of rows) await this.blobs.delete(row.blob_key);
    return rows.length;
  }

  /**
   * The map for a script whose URL path ends with one of `files` (longest first): the longest
   * match wins; for that file, the given release's map, or with no release the newest upload.
   */
  async findForScript(projectId: number, release: string | null, files: string[]): Promise<StoredMap | null> {
    if (!files.length) return null;
    const ofRelease = release === null ? trusted('') : sql` and release = ${release}`;
    const [row] = await this.db.sql<SourceMapRow>(sql`select release, file, blob_key, bytes, uploaded_at from errors_sourcemaps
      where project_id = ${projectId} and file in (${files})${ofRelease}
      order by length(file) desc, uploaded_at desc limit 1`);
    return row ? { projectId, release: row.release, file: row.file, uploadedAt: epochMs(row.uploaded_at), blobKey: row.blob_key, bytes: Number(row.bytes) } : null;
  }

  /** The decoded map, from memory when it was decoded before. */
  decoded(map: StoredMap): Promise<DecodedMap | null> {
    return this.cache.get(map, () => this.blobs.get(map.blobKey));
  }
}
