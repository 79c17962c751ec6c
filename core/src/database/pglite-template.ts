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

export async function pgliteFromTemplate(file: string): Promise<PGlite | null> {
  if (!existsSync(file)) return null;
  const bytes = readFileSync(file);
  return PGlite.create({ loadDataDir: new Blob([bytes]) });
}
