import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

/**
 * A fresh PGlite cluster costs seconds of initdb; loading a dump of one costs well under a
 * second. Test runs make the dump once and every in-memory database starts from it.
 */
export async function writePgliteTemplate(file: string): Promise<void> {
  const db = await PGlite.create();
  await db.query('select 1');
  const dump = await db.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
}

/** A PGlite started from the dump `file`: in memory, or in `dataDir`, which must hold no cluster yet. */
export async function pgliteFromTemplate(file: string, dataDir?: string): Promise<PGlite | null> {
  if (!existsSync(file)) return null;
  return PGlite.create({ ...(dataDir ? { dataDir } : {}), loadDataDir: tarOf(readFileSync(file)) });
}

/**
 * PGlite reads `loadDataDir` through `type` and `arrayBuffer()` only. A Node 20 Blob streams a
 * 40 MB dump back in small chunks, which cost more than the rest of the load: hand over the bytes.
 */
function tarOf(bytes: Buffer): Blob {
  const tar = { type: 'application/x-tar', size: bytes.byteLength, arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) };
  return tar as unknown as Blob;
}

/** A tar of an in-memory PGlite, checkpointed first so loading it replays no WAL. */
export async function dumpPglite(db: PGlite): Promise<Buffer> {
  await db.exec('checkpoint');
  const dump = await db.dumpDataDir('none');
  return Buffer.from(await dump.arrayBuffer());
}
