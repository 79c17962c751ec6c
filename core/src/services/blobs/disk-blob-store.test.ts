import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BAD_BLOB_KEYS, blobStoreContract } from './blob-store.contract.js';
import { DiskBlobStore } from './disk-blob-store.js';

const dirs: string[] = [];
async function freshDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cassette-blobs-'));
  dirs.push(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

// Each store gets its own root inside a sandbox, so an escape would land in the sandbox.
blobStoreContract('DiskBlobStore', async () => new DiskBlobStore(join(await freshDir(), 'sandbox', 'root')));

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort();
}

describe('DiskBlobStore', () => {
  it('writes nothing outside its root, whatever the key', async () => {
    const sandbox = await freshDir();
    const store = new DiskBlobStore(join(sandbox, 'a', 'root'));
    await store.put('inside', 'ok');
    for (const key of [...BAD_BLOB_KEYS, '../../outside', 'x/../../../outside']) {
      await store.put(key, 'pwned').catch(() => undefined);
    }
    expect(await filesUnder(sandbox)).toEqual([join('a', 'root', 'inside')]);
  });

  it('cannot read a file outside its root by traversal', async () => {
    const sandbox = await freshDir();
    await writeFile(join(sandbox, 'secret'), 'top secret');
    const store = new DiskBlobStore(join(sandbox, 'root'));
    await expect(store.get('../secret')).rejects.toThrow(/must not contain "\.\."/);
    await expect(store.get('/' + join(sandbox, 'secret').slice(1))).rejects.toThrow(/must not start with "\/"/);
  });

  it('keeps blobs as plain files under the key path and leaves no temp files', async () => {
    const root = await freshDir();
    const store = new DiskBlobStore(root);
    await store.put('recordings/7/s1', 'payload');
    await store.put('recordings/7/s1', 'payload v2');
    expect(await readFile(join(root, 'recordings', '7', 's1'), 'utf8')).toBe('payload v2');
    expect(await filesUnder(root)).toEqual([join('recordings', '7', 's1')]);
  });

  it('never exposes a torn write to a concurrent reader', async () => {
    const store = new DiskBlobStore(await freshDir());
    const big = (c: string): string => c.repeat(1 << 20);
    await store.put('big', big('a'));
    const reads: (string | null)[] = [];
    await Promise.all([
      ...['b', 'c', 'd'].map((c) => store.put('big', big(c))),
      ...Array.from({ length: 20 }, async () => {
        const got = await store.get('big');
        reads.push(got === null ? null : new TextDecoder().decode(got));
      }),
    ]);
    for (const r of reads) expect(r !== null && /^(a+|b+|c+|d+)$/.test(r) && r.length === 1 << 20).toBe(true);
    expect(await store.list('')).toEqual(['big']);
  });

  it('ignores stray files that no key could name', async () => {
    const root = await freshDir();
    const store = new DiskBlobStore(root);
    await store.put('k', 'v');
    await writeFile(join(root, '~tmp~abandoned'), 'half');
    await writeFile(join(root, 'has space'), 'x');
    expect(await store.list('')).toEqual(['k']);
  });

  it('prunes directories emptied by delete, but never its root', async () => {
    const root = await freshDir();
    const store = new DiskBlobStore(root);
    await store.put('a/b/c/d', 'x');
    await store.delete('a/b/c/d');
    expect(await readdir(root)).toEqual([]);
  });

  it('refuses a segment too long for a file name, readably', async () => {
    const store = new DiskBlobStore(await freshDir());
    await expect(store.put('a'.repeat(256), 'x')).rejects.toThrow(/segment is longer than 255/);
    await expect(store.get(`x/${'a'.repeat(300)}`)).rejects.toThrow(/segment is longer than 255/);
  });

  it('refuses a key that clashes with an existing prefix, readably', async () => {
    const store = new DiskBlobStore(await freshDir());
    await store.put('a', 'file');
    await expect(store.put('a/b', 'x')).rejects.toThrow(/clashes with an existing key or prefix/);
    await store.put('d/e', 'x');
    await expect(store.put('d', 'x')).rejects.toThrow(/clashes/);
  });

  it('answers a ping on a fresh install, and refuses one when its root cannot hold blobs', async () => {
    const dir = await freshDir();
    await new DiskBlobStore(join(dir, 'blobs')).ping();
    expect(await readdir(dir)).toEqual(['blobs']);
    // A file where the root should be: nothing can be stored.
    await writeFile(join(dir, 'taken'), 'not a directory');
    await expect(new DiskBlobStore(join(dir, 'taken')).ping()).rejects.toThrow(/EEXIST|ENOTDIR/);
  });
});
