import { describe, expect, it } from 'vitest';
import type { BlobStore } from '@cassette/plugin-sdk/server';

const text = (bytes: Uint8Array | null): string | null => (bytes === null ? null : new TextDecoder().decode(bytes));

/** Keys that must never reach storage: traversal, absolute paths, odd characters. */
export const BAD_BLOB_KEYS: readonly string[] = [
  '',
  '/etc/passwd',
  '../escape',
  'a/../../escape',
  'a/..',
  '..',
  '.',
  'a/./b',
  'a//b',
  'a/',
  'a\\..\\b',
  'with space',
  'semi;colon',
  'naïve',
  'nul\0byte',
  'x'.repeat(513),
];

/** What every blob store owes its callers; run against each implementation. */
export function blobStoreContract(name: string, make: () => Promise<BlobStore> | BlobStore): void {
  describe(`BlobStore contract: ${name}`, () => {
    it('stores and returns bytes and strings', async () => {
      const store = await make();
      const bytes = new Uint8Array(256).map((_, i) => i);
      await store.put('recordings/1/session-a.bin', bytes, { contentType: 'application/octet-stream' });
      await store.put('notes/hello.txt', 'héllo wörld');

      expect(await store.get('recordings/1/session-a.bin')).toEqual(bytes);
      expect(text(await store.get('notes/hello.txt'))).toBe('héllo wörld');
    });

    it('answers null and false for a missing key', async () => {
      const store = await make();
      expect(await store.get('missing/key')).toBeNull();
      expect(await store.exists('missing/key')).toBe(false);
      await store.put('present', 'x');
      expect(await store.exists('present')).toBe(true);
      // A prefix of stored keys is not itself a blob.
      await store.put('dir/file', 'x');
      expect(await store.exists('dir')).toBe(false);
      expect(await store.get('dir')).toBeNull();
    });

    it('overwrites a key in place', async () => {
      const store = await make();
      await store.put('k', 'a much longer first value');
      await store.put('k', 'short');
      expect(text(await store.get('k'))).toBe('short');
      expect(await store.list('')).toEqual(['k']);
    });

    it('deletes a key, and deleting a missing key is not an error', async () => {
      const store = await make();
      await store.put('a/b/c', '1');
      await store.put('a/d', '2');
      await store.delete('a/b/c');
      await store.delete('a/b/c');
      await store.delete('never/was');
      expect(await store.get('a/b/c')).toBeNull();
      expect(await store.exists('a/b/c')).toBe(false);
      expect(await store.list('')).toEqual(['a/d']);
      // The emptied prefix can hold a blob of its own now.
      await store.put('a/b', 'now a blob');
      expect(text(await store.get('a/b'))).toBe('now a blob');
    });

    it('lists keys under a prefix, sorted', async () => {
      const store = await make();
      for (const key of ['rec/2/z', 'rec/10/a', 'rec/1/b', 'rec/1/a', 'recap', 'other/rec']) await store.put(key, key);

      expect(await store.list('rec/1/')).toEqual(['rec/1/a', 'rec/1/b']);
      expect(await store.list('rec/1')).toEqual(['rec/1/a', 'rec/1/b', 'rec/10/a']);
      expect(await store.list('rec')).toEqual(['rec/1/a', 'rec/1/b', 'rec/10/a', 'rec/2/z', 'recap']);
      expect(await store.list('')).toEqual(['other/rec', 'rec/1/a', 'rec/1/b', 'rec/10/a', 'rec/2/z', 'recap']);
      expect(await store.list('nothing/')).toEqual([]);
      expect(await store.list('recap/')).toEqual([]);
    });

    it('accepts the full key alphabet and the longest key', async () => {
      const store = await make();
      const keys = ['A-Z_a-z.0-9/.hidden/x', 'v1.2.3/file.tar.gz', `${'k'.repeat(255)}/${'m'.repeat(254)}/x`];
      for (const key of keys) await store.put(key, key);
      for (const key of keys) expect(text(await store.get(key))).toBe(key);
      expect(await store.list('')).toEqual([...keys].sort());
    });

    it('refuses bad keys and path traversal with a readable error', async () => {
      const store = await make();
      for (const key of BAD_BLOB_KEYS) {
        await expect(store.put(key, 'x'), key).rejects.toThrow(/Invalid blob key/);
        await expect(store.get(key), key).rejects.toThrow(/Invalid blob key/);
        await expect(store.exists(key), key).rejects.toThrow(/Invalid blob key/);
        await expect(store.delete(key), key).rejects.toThrow(/Invalid blob key/);
      }
      for (const prefix of ['../', '/abs', 'a/../', 'sp ace']) {
        await expect(store.list(prefix), prefix).rejects.toThrow(/Invalid blob key prefix/);
      }
      expect(await store.list('')).toEqual([]);
    });
  });
}
