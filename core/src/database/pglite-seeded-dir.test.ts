import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@cassette/plugin-sdk/server';
import { coreEntities } from '../entities/index.js';
import { createDatabase } from './create-database.js';
import { dumpPglite } from './pglite-template.js';

const root = mkdtempSync(join(tmpdir(), 'cassette-seeded-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const template = join(root, 'marked.tar');
const open = (dir: string) => createDatabase({ pgliteDir: dir, pgliteTemplate: template, entities: coreEntities as never[] });

/** A template with a table of its own, so a database started from it can be told apart from initdb's. */
beforeAll(async () => {
  const db = await PGlite.create({ loadDataDir: new Blob([readFileSync(process.env.CASSETTE_PGLITE_TEMPLATE!)]) });
  await db.exec(`create table from_template (marker text); insert into from_template values ('the template')`);
  writeFileSync(template, await dumpPglite(db));
  await db.close();
});

describe('an embedded database on disk with a template', () => {
  it('starts a new data directory from the template and keeps what is written there', async () => {
    const dir = join(root, 'new');
    const db = await open(dir);
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
    expect(await db.sql<{ marker: string }>(sql`select marker from from_template`)).toEqual([{ marker: 'the template' }]);
    await db.sql(sql`create table kept (name text)`);
    await db.sql(sql`insert into kept values ('written before the restart')`);
    await db.close();

    // A directory that already holds a cluster is opened as it is, never replaced by the template.
    const again = await open(dir);
    expect(await again.sql<{ name: string }>(sql`select name from kept`)).toEqual([{ name: 'written before the restart' }]);
    expect(again.dumpDataDir).toBeUndefined();
    await again.close();
  });
});
