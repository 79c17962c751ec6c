import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePgliteTemplate } from '../../core/src/database/pglite-template.js';

/** Runs once per `vitest run`: every test kernel's in-memory database starts from this dump. */
export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'cassette-pglite-template-'));
  const file = join(dir, 'template.tar');
  await writePgliteTemplate(file);
  process.env.CASSETTE_PGLITE_TEMPLATE = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
