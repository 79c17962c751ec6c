/**
 * Looks for strings in everything a stopped server stored: every file under its data
 * directory (gzip content unpacked) and every column of every table of its embedded
 * database (values PostgreSQL keeps compressed on disk are only readable through SQL).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';

export interface Hit {
  needle: string;
  where: string;
}

const isGzip = (bytes: Uint8Array) => bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

function gunzipAll(bytes: Buffer): Buffer | null {
  try {
    return gunzipSync(bytes);
  } catch {
    return null;
  }
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push(path);
  }
  return out;
}

/** The encodings a string could be stored in: UTF-8, UTF-16 and PostgreSQL's bytea hex. */
function forms(needle: string): Buffer[] {
  return [Buffer.from(needle, 'utf8'), Buffer.from(needle, 'utf16le'), Buffer.from(Buffer.from(needle, 'utf8').toString('hex'), 'utf8')];
}

function contains(haystack: Buffer, needle: string): boolean {
  return forms(needle).some((form) => haystack.includes(form));
}

/** Every file under `dir`, raw and, for gzip files, unpacked. */
export function scanFiles(dir: string, needles: readonly string[]): { hits: Hit[]; files: number; gzipFiles: number } {
  const hits: Hit[] = [];
  const files = filesUnder(dir);
  let gzipFiles = 0;
  for (const file of files) {
    const raw = readFileSync(file);
    const where = relative(dir, file);
    const unpacked = isGzip(raw) ? gunzipAll(raw) : null;
    if (unpacked) gzipFiles += 1;
    for (const needle of needles) {
      if (contains(raw, needle)) hits.push({ needle, where });
      if (unpacked && contains(unpacked, needle)) hits.push({ needle, where: `${where} (gunzipped)` });
    }
  }
  return { hits, files: files.length, gzipFiles };
}

/** Every row of every user table, as text, plus bytea columns unpacked when they hold gzip. */
export async function scanDatabase(db: PGlite, needles: readonly string[]): Promise<{ hits: Hit[]; tables: number; rows: number }> {
  const hits: Hit[] = [];
  const { rows: tables } = await db.query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  let rowCount = 0;
  for (const table of tables) {
    const qualified = `"${table.schema.replace(/"/g, '""')}"."${table.name.replace(/"/g, '""')}"`;
    const { rows } = await db.query<{ row: string }>(`select t::text as row from ${qualified} t`);
    rowCount += rows.length;
    for (const { row } of rows) {
      const text = Buffer.from(row, 'utf8');
      for (const needle of needles) if (contains(text, needle)) hits.push({ needle, where: `${table.schema}.${table.name}` });
    }
    const { rows: byteaColumns } = await db.query<{ column: string }>(
      `select column_name as column from information_schema.columns where table_schema = $1 and table_name = $2 and data_type = 'bytea'`,
      [table.schema, table.name],
    );
    for (const { column } of byteaColumns) {
      const { rows: values } = await db.query<{ value: Uint8Array | null }>(`select "${column.replace(/"/g, '""')}" as value from ${qualified}`);
      for (const { value } of values) {
        if (!value || !isGzip(value)) continue;
        const unpacked = gunzipAll(Buffer.from(value));
        if (!unpacked) continue;
        for (const needle of needles) if (contains(unpacked, needle)) hits.push({ needle, where: `${table.schema}.${table.name}.${column} (gunzipped)` });
      }
    }
  }
  return { hits, tables: tables.length, rows: rowCount };
}

/** Opens the embedded database of a stopped server. */
export async function openDatabase(dataDir: string): Promise<PGlite> {
  const db = new PGlite(join(dataDir, 'pglite'));
  await db.waitReady;
  return db;
}
