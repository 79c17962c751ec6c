import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePgliteTemplate } from '../../../core/src/database/pglite-template.js';

/**
 * Every browser test boots Cassette servers on new data directories; each would spend seconds
 * in the embedded database's initdb. One empty cluster is dumped here, once per run, and every
 * server the tests start (they inherit the environment) begins from it.
 */
export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'cassette-e2e-pglite-'));
  const file = join(dir, 'template.tar');
  await writePgliteTemplate(file);
  process.env.CASSETTE_PGLITE_TEMPLATE = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
