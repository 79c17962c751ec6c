import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePgliteTemplate } from '../../core/src/database/pglite-template.js';
import { dropDatabasesStartingWith } from '../../core/src/database/temporary-database.js';
import { postgresTemplatePrefix } from '../../core/src/testing/migrated-templates.js';

/**
 * Runs once per `vitest run`: every test kernel's in-memory database starts from this dump, or
 * from a dump of it migrated as the kernel needs, kept beside it for the run. On PostgreSQL
 * (`CASSETTE_TEST_DATABASE_URL`) the migrated copies are template databases named after the run,
 * dropped when it ends.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'cassette-pglite-template-'));
  const file = join(dir, 'template.tar');
  await writePgliteTemplate(file);
  process.env.CASSETTE_PGLITE_TEMPLATE = file;
  const runId = randomBytes(4).toString('hex');
  process.env.CASSETTE_TEST_TEMPLATES_RUN = runId;
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    const serverUrl = process.env.CASSETTE_TEST_DATABASE_URL;
    if (serverUrl) await dropDatabasesStartingWith(serverUrl, postgresTemplatePrefix(runId));
  };
}
