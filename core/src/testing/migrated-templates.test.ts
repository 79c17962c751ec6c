import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin, sql, trusted, type DepsMap, type ServerPlugin } from '@cassette/plugin-sdk/server';
import { coreMigrations } from '../database/core-migrations.js';
import type { MigrationSet } from '../database/migrator.js';
import { createTestKernel, type TestKernel } from './test-kernel.js';
import { migrationsFingerprint } from './migrated-templates.js';

const sets = (up: string, id = '001'): MigrationSet[] => [{ owner: 'notes', migrations: [{ id, up: [up] }] }];

describe('migrationsFingerprint', () => {
  it('names the same migrations alike and any change of id, statement, owner or order apart', () => {
    const base = migrationsFingerprint(sets('create table notes_a (id int)'));
    expect(migrationsFingerprint(sets('create table notes_a (id int)'))).toBe(base);
    expect(migrationsFingerprint(sets('create table notes_a (id bigint)'))).not.toBe(base);
    expect(migrationsFingerprint(sets('create table notes_a (id int)', '002'))).not.toBe(base);
    expect(migrationsFingerprint([{ owner: 'other', migrations: sets('create table notes_a (id int)')[0]!.migrations }])).not.toBe(base);
    const two: MigrationSet[] = [...sets('create table notes_a (id int)'), { owner: 'more', migrations: [{ id: '001', up: ['create table more_a (id int)'] }] }];
    expect(migrationsFingerprint([two[1]!, two[0]!])).not.toBe(migrationsFingerprint(two));
  });
});

// A migration no other file has, so this file's first kernel is the one that makes its template.
const table = `notes_${randomBytes(4).toString('hex')}`;
const notesMigration = { id: '001', up: [`create table ${table} (id serial primary key, body text not null)`] };
const notes = definePlugin({
  id: 'notes',
  register(r) {
    r.migrations(notesMigration);
  },
}) as ServerPlugin<DepsMap>;

const applied = (t: TestKernel) => t.log.lines.filter((l) => l.msg === 'migration applied').length;

const onPostgres = Boolean(process.env.CASSETTE_TEST_DATABASE_URL);

describe('test kernels start from a copy migrated to their migrations', () => {
  let first: TestKernel;
  let second: TestKernel;
  beforeAll(async () => {
    first = await createTestKernel({ plugins: [notes] });
    await first.kernel.db.sql(sql`insert into ${trusted(table)} (body) values ('written by the first kernel')`);
    await first.createTenant();
    second = await createTestKernel({ plugins: [notes] });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('migrates once per run: later kernels with the same migrations apply none', () => {
    expect(applied(second)).toBe(0);
    // On PostgreSQL a template database is migrated before the first kernel's copy of it.
    if (onPostgres) {
      expect(applied(first)).toBe(0);
      return;
    }
    expect(applied(first)).toBeGreaterThan(0);
    const fingerprint = migrationsFingerprint([
      { owner: 'core', migrations: coreMigrations },
      { owner: 'notes', migrations: [notesMigration] },
    ]);
    expect(existsSync(join(dirname(process.env.CASSETTE_PGLITE_TEMPLATE!), `migrated-${fingerprint}.tar`))).toBe(true);
  });

  it('gives each kernel an empty database of its own', async () => {
    expect(await second.kernel.db.sql(sql`select * from ${trusted(table)}`)).toEqual([]);
    expect(await second.kernel.db.sql(sql`select id from core_tenants`)).toEqual([]);
    expect((await first.kernel.db.sql<{ n: number }>(sql`select count(*)::int as n from ${trusted(table)}`))[0]!.n).toBe(1);
  });
});
