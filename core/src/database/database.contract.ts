import { defineEntity, p } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@cassette/plugin-sdk/server';
import { createCapturingLogger } from '../services/capturing-logger.js';
import { createDatabase, type DatabaseRuntime } from './create-database.js';
import { runMigrations } from './migrator.js';

const Widget = defineEntity({
  name: 'ContractWidget',
  tableName: 'contract_widgets',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string(),
    attrs: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

const widgetsMigration = {
  id: '0001_widgets',
  up: [
    `create table contract_widgets (id serial primary key, name text not null unique, attrs jsonb not null default '{}'::jsonb, created_at timestamptz not null default now())`,
    `create index contract_widgets_attrs on contract_widgets using gin (attrs jsonb_path_ops)`,
  ],
};

/**
 * What every database driver must do the same way: the kernel and plugins rely on these
 * and never branch on the driver. Run on PGlite by default and on PostgreSQL in CI.
 */
export function databaseContract(name: string, open: (entities: unknown[]) => Promise<{ db: DatabaseRuntime; cleanup?: () => Promise<void> }>): void {
  describe(`database contract: ${name}`, () => {
    let db: DatabaseRuntime;
    let cleanup: (() => Promise<void>) | undefined;
    const log = createCapturingLogger();

    beforeAll(async () => {
      ({ db, cleanup } = await open([Widget]));
    });
    afterAll(async () => {
      await db?.close();
      await cleanup?.();
    });

    it('applies migrations once, in id order, per owner', async () => {
      const first = await runMigrations(db, [{ owner: 'contract', migrations: [widgetsMigration] }], log);
      expect(first).toEqual(['contract/0001_widgets']);
      const second = await runMigrations(db, [{ owner: 'contract', migrations: [widgetsMigration] }], log);
      expect(second).toEqual([]);
      const later = await runMigrations(
        db,
        [{ owner: 'contract', migrations: [{ id: '0002_color', up: ['alter table contract_widgets add column color text'] }, widgetsMigration] }],
        log,
      );
      expect(later).toEqual(['contract/0002_color']);
    });

    it('rolls a failing migration back entirely and names it', async () => {
      const bad = { id: '0003_bad', up: ['create table contract_half (id int)', 'this is not sql'] };
      await expect(runMigrations(db, [{ owner: 'contract', migrations: [bad] }], log)).rejects.toThrow(/Migration contract\/0003_bad failed/);
      const tables = await db.sql<{ n: number }>(sql`select count(*)::int as n from information_schema.tables where table_name = 'contract_half'`);
      expect(tables[0]!.n).toBe(0);
    });

    it('runs concurrent migrators without applying anything twice', async () => {
      const m = { id: '0001_counter', up: ['create table contract_counter (n int)', 'insert into contract_counter values (1)'] };
      const results = await Promise.all([1, 2, 3].map(() => runMigrations(db, [{ owner: 'race', migrations: [m] }], log)));
      expect(results.flat()).toEqual(['race/0001_counter']);
      expect((await db.sql<{ n: number }>(sql`select count(*)::int as n from contract_counter`))[0]!.n).toBe(1);
    });

    it('persists and finds entities with JSON columns', async () => {
      const em = db.em();
      em.create(Widget, { name: 'alpha', attrs: { plan: 'pro', seats: 3 } });
      em.create(Widget, { name: 'beta', attrs: { plan: 'free' } });
      await em.flush();
      const found = await db.em().findOne(Widget, { name: 'alpha' });
      expect(found?.attrs).toEqual({ plan: 'pro', seats: 3 });
      expect(found?.createdAt).toBeInstanceOf(Date);
      const rows = await db.sql<{ name: string }>(sql`select name from contract_widgets where attrs @> ${JSON.stringify({ plan: 'free' })}::jsonb order by name`);
      expect(rows.map((r) => r.name)).toEqual(['beta']);
    });

    it('binds parameters, never splicing them into SQL', async () => {
      const hostile = "x'); drop table contract_widgets; --";
      const rows = await db.sql<{ name: string }>(sql`select name from contract_widgets where name = ${hostile}`);
      expect(rows).toEqual([]);
      expect((await db.sql<{ n: number }>(sql`select count(*)::int as n from contract_widgets`))[0]!.n).toBe(2);
    });

    it('commits a transaction that resolves and rolls back one that throws', async () => {
      await db.transaction(async (em) => {
        em.create(Widget, { name: 'gamma', attrs: {} });
      });
      await expect(
        db.transaction(async (em) => {
          em.create(Widget, { name: 'delta', attrs: {} });
          await em.flush();
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      const names = (await db.sql<{ name: string }>(sql`select name from contract_widgets order by name`)).map((r) => r.name);
      expect(names).toEqual(['alpha', 'beta', 'gamma']);
    });

    it('runs sql`...` fragments, and a runner transaction commits or rolls back as one', async () => {
      const hostile = "x'); drop table contract_widgets; --";
      expect(await db.sql(sql`select name from contract_widgets where name = ${hostile} or name in (${['alpha', 'nope']})`)).toEqual([{ name: 'alpha' }]);
      await expect(
        db.sql.transaction(async (run) => {
          await run(sql`insert into contract_widgets (name) values (${'epsilon'})`);
          expect(await run(sql`select name from contract_widgets where name = ${'epsilon'}`)).toHaveLength(1);
          throw new Error('undo');
        }),
      ).rejects.toThrow('undo');
      expect(await db.sql(sql`select name from contract_widgets where name = ${'epsilon'}`)).toEqual([]);
      await db.sql.transaction((run) => run(sql`insert into contract_widgets (name) values (${'zeta'})`));
      expect(await db.sql(sql`select name from contract_widgets where name = ${'zeta'}`)).toHaveLength(1);
      await db.sql(sql`delete from contract_widgets where name = ${'zeta'}`);
    });

    it('stores text with lone surrogates and U+0000 from sql`...` parameters, as U+FFFD, in text and in jsonb', async () => {
      // Half an emoji (a title cut by the browser) and a NUL: PostgreSQL holds neither, and
      // JSON.stringify writes them as escapes jsonb refuses (\ud83d, \u0000).
      const damaged = { title: 'Shop \uD83D', ['note\uDE00']: 'a\u0000b', whole: 'ok \uD83D\uDE00', escaped: 'a literal \\ud83d stays' };
      const name = 'sigma \uDE00\u0000';
      await db.sql(sql`insert into contract_widgets (name, attrs) values (${name}, ${JSON.stringify(damaged)}::jsonb)`);
      const [row] = await db.sql<{ name: string; attrs: unknown }>(sql`select name, attrs from contract_widgets where name = ${name}`);
      expect(row?.name).toBe('sigma \uFFFD\uFFFD');
      const attrs = typeof row?.attrs === 'string' ? JSON.parse(row.attrs) : row?.attrs;
      expect(attrs).toEqual({ title: 'Shop \uFFFD', ['note\uFFFD']: 'a\uFFFDb', whole: 'ok \uD83D\uDE00', escaped: 'a literal \\ud83d stays' });
      // A search typed with the lone surrogate finds what was stored.
      expect(await db.sql(sql`select name from contract_widgets where attrs @> ${JSON.stringify({ title: 'Shop \uD83D' })}::jsonb and attrs->>${'note\uDE00'} = ${'a\u0000b'}`)).toEqual([{ name: 'sigma \uFFFD\uFFFD' }]);
      await db.sql(sql`delete from contract_widgets where name = ${name}`);
    });

    it('stores JSON properties of entities with lone surrogates as U+FFFD', async () => {
      const em = db.em();
      em.create(Widget, { name: 'tau', attrs: { label: 'Plan \uD83D', ['k\uDE00']: ['\uDE00', 'ok \uD83D\uDE00'] } });
      await em.flush();
      const found = await db.em().findOne(Widget, { name: 'tau' });
      expect(found?.attrs).toEqual({ label: 'Plan \uFFFD', ['k\uFFFD']: ['\uFFFD', 'ok \uD83D\uDE00'] });
      await db.sql(sql`delete from contract_widgets where name = ${'tau'}`);
    });

    it('reports a unique violation with the Postgres code the API maps to 409', async () => {
      const error = await db.sql(sql`insert into contract_widgets (name) values ('alpha')`).catch((e: unknown) => e);
      expect((error as { code?: string }).code).toBe('23505');
    });

    it('keeps timestamps in UTC with millisecond precision', async () => {
      const at = new Date('2026-03-29T01:30:00.123Z');
      const rows = await db.sql<{ t: Date }>(sql`select ${at}::timestamptz as t`);
      expect(new Date(rows[0]!.t).toISOString()).toBe(at.toISOString());
    });

    // Last: it closes the database the other cases share.
    it('stays closed once closed: no query reconnects it, and a second close is harmless', async () => {
      expect(await db.sql(sql`select 1 as one`)).toEqual([{ one: 1 }]);
      await db.close();
      await expect(db.sql(sql`select 1 as one`)).rejects.toThrow('The database connection is closed');
      await expect(db.sql.transaction(async () => 1)).rejects.toThrow('The database connection is closed');
      await expect(db.transaction(async () => 1)).rejects.toThrow('The database connection is closed');
      await db.close();
    });
  });
}
