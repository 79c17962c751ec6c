import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, readdir, readFile, rename, rmdir, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { BlobStoreRuntime } from './blob-store-runtime.js';

export const MAX_BLOB_KEY_LENGTH = 512;

const SEGMENT = /^[a-zA-Z0-9._-]+$/;
/** Temp files carry a character keys cannot ("~"), so list() never returns one. */
const TEMP_PREFIX = '~tmp~';
/** File systems cap one name at 255 bytes; key characters are all one byte. */
const MAX_SEGMENT_LENGTH = 255;

/**
 * Keys reach the file system as paths, so anything that could step outside the
 * root (`..`, absolute paths, separators other than `/`) is refused up front.
 */
export function assertBlobKey(key: string): void {
  const problem = blobKeyProblem(key);
  if (problem) throw new Error(`Invalid blob key ${JSON.stringify(key)}: ${problem}`);
}

function blobKeyProblem(key: string): string | undefined {
  if (typeof key !== 'string' || key === '') return 'it is empty';
  if (key.length > MAX_BLOB_KEY_LENGTH) return `it is longer than ${MAX_BLOB_KEY_LENGTH} characters`;
  if (key.startsWith('/')) return 'it must not start with "/"';
  if (key.includes('..')) return 'it must not contain ".."';
  for (const segment of key.split('/')) {
    if (segment === '') return 'it has an empty path segment';
    if (segment === '.') return 'it has a "." path segment';
    if (!SEGMENT.test(segment)) return 'segments may only hold letters, digits, ".", "_" and "-"';
  }
  return undefined;
}

function assertPrefix(prefix: string): void {
  if (prefix === '') return;
  // A prefix may stop anywhere, even right after a "/", so check it as the key it starts.
  const asKey = prefix.endsWith('/') ? `${prefix}x` : prefix;
  const problem = blobKeyProblem(asKey);
  if (problem) throw new Error(`Invalid blob key prefix ${JSON.stringify(prefix)}: ${problem}`);
}

/** Blobs as files under one directory: the embedded and single-server store. */
export class DiskBlobStore implements BlobStoreRuntime {
  private readonly rootDir: string;

  constructor(rootDir: string) {
    // Absolute, so pruning empty directories can tell exactly where the root is.
    this.rootDir = resolve(rootDir);
  }

  /** The root exists (a fresh install creates it) and this process may write in it. */
  async ping(): Promise<void> {
    await mkdir(this.rootDir, { recursive: true });
    await access(this.rootDir, constants.R_OK | constants.W_OK);
  }

  /** `contentType` is not kept: the interface never hands it back. */
  async put(key: string, data: Uint8Array | string, _options?: { contentType?: string }): Promise<void> {
    assertBlobKey(key);
    const target = this.path(key);
    // A concurrent delete() may prune the directory between mkdir and open; go again.
    for (let attempt = 1; ; attempt++) {
      try {
        await mkdir(dirname(target), { recursive: true });
        await this.writeAtomically(target, data);
        return;
      } catch (err) {
        if (code(err) === 'ENOENT' && attempt < 3) continue;
        if (code(err) === 'ENOTDIR' || code(err) === 'EEXIST' || code(err) === 'EISDIR') {
          throw new Error(`Cannot store blob "${key}": it clashes with an existing key or prefix`, { cause: err });
        }
        throw err;
      }
    }
  }

  async get(key: string): Promise<Uint8Array | null> {
    assertBlobKey(key);
    try {
      const buf = await readFile(this.path(key));
      return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    assertBlobKey(key);
    try {
      return (await stat(this.path(key))).isFile();
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    const target = this.path(key);
    try {
      await unlink(target);
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    await this.pruneEmptyParents(dirname(target));
  }

  async list(prefix: string): Promise<string[]> {
    assertPrefix(prefix);
    const slash = prefix.lastIndexOf('/');
    const dirKey = slash === -1 ? '' : prefix.slice(0, slash);
    const keys: string[] = [];
    await this.walk(dirKey, (key) => {
      if (key.startsWith(prefix)) keys.push(key);
    });
    return keys.sort();
  }

  private path(key: string): string {
    const segments = key.split('/');
    if (segments.some((segment) => segment.length > MAX_SEGMENT_LENGTH)) {
      throw new Error(`Invalid blob key ${JSON.stringify(key)}: a segment is longer than ${MAX_SEGMENT_LENGTH} characters`);
    }
    return join(this.rootDir, ...segments);
  }

  /**
   * Readers see the old blob or the new one, never a torn write: the bytes go to a
   * temp file beside the target, are fsync'd, then renamed over it; the directory
   * is fsync'd so the rename itself survives a crash.
   */
  private async writeAtomically(target: string, data: Uint8Array | string): Promise<void> {
    // Named apart from the target so a 255-character key segment still leaves room.
    const temp = join(dirname(target), `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
    const handle = await open(temp, 'wx', 0o644);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } catch (err) {
      await handle.close();
      await unlink(temp).catch(() => undefined);
      throw err;
    }
    await handle.close();
    try {
      await rename(temp, target);
    } catch (err) {
      await unlink(temp).catch(() => undefined);
      throw err;
    }
    await syncDir(dirname(target));
  }

  /** Session blobs come and go by the million; empty directories would pile up. */
  private async pruneEmptyParents(dir: string): Promise<void> {
    let current = dir;
    while (current.length > this.rootDir.length && current.startsWith(this.rootDir + sep)) {
      try {
        await rmdir(current);
      } catch {
        return;
      }
      current = dirname(current);
    }
  }

  private async walk(dirKey: string, visit: (key: string) => void): Promise<void> {
    let entries;
    try {
      entries = await readdir(dirKey === '' ? this.rootDir : this.path(dirKey), { withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    for (const entry of entries) {
      // Temp files and anything else no key could name are not blobs.
      if (!SEGMENT.test(entry.name)) continue;
      const key = dirKey === '' ? entry.name : `${dirKey}/${entry.name}`;
      if (entry.isDirectory()) await this.walk(key, visit);
      else if (entry.isFile()) visit(key);
    }
  }
}

async function syncDir(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch {
    // Some platforms (Windows) cannot fsync a directory; the data itself is synced.
  } finally {
    await handle?.close();
  }
}

function code(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}

function isMissing(err: unknown): boolean {
  const c = code(err);
  return c === 'ENOENT' || c === 'ENOTDIR' || c === 'EISDIR';
}
