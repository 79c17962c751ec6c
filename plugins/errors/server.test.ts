import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from '@cassette/cli/build.mjs';
import { sql } from '@cassette/plugin-sdk/server';
import { createErrorsTestKernel, type ErrorsTestKernel } from './testing/errors-test-kernel.js';

describe('errors plugin boot', () => {
  let t: ErrorsTestKernel;
  beforeAll(async () => {
    t = await createErrorsTestKernel();
  });
  afterAll(async () => t?.close());

  it('creates its tables', async () => {
    const tables = await t.sql<{ table_name: string }>(sql`select table_name from information_schema.tables where table_name like 'errors\\_%' order by table_name`);
    expect(tables.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['errors_errors', 'errors_favorites', 'errors_fingerprints', 'errors_occurrences', 'errors_sessions', 'errors_sourcemaps', 'errors_viewed']),
    );
  });

  it('contributes its processor to ingest, after the session summary', () => {
    const processor = t.processors.find((p) => p.id === 'errors.grouping');
    expect(processor?.order).toBe(40);
    expect(typeof processor?.batch).toBe('function');
  });

  it('mounts its routes under the project, behind a login', async () => {
    const { projectId } = await t.createTenant();
    for (const [method, url] of [
      ['POST', '/errors/search'],
      ['GET', '/errors/stats'],
      ['POST', '/errors/merge'],
      ['GET', '/errors/abc'],
      ['GET', '/errors/abc/sessions'],
      ['GET', '/errors/abc/solve'],
      ['GET', '/errors/abc/unsolve'],
      ['GET', '/errors/abc/ignore'],
      ['GET', '/errors/abc/favorite'],
      ['GET', '/sessions2/1/errors'],
    ] as const) {
      expect((await t.request(method, `/api/${projectId}${url}`)).status, `${method} ${url}`).toBe(401);
    }
  });

  it('serves the standalone cassette CLI to anyone, which runs with plain node', async () => {
    await buildCli();
    const res = await t.request('GET', '/cli/cassette.mjs');
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/javascript/);
    const file = join(mkdtempSync(join(tmpdir(), 'cassette-cli-')), 'cassette.mjs');
    writeFileSync(file, String(res.body));
    // Outside the repository: no tsx, no node_modules, just the downloaded file.
    const { stdout } = await promisify(execFile)(process.execPath, [file, '--help'], { cwd: tmpdir() });
    expect(stdout).toContain('Usage: cassette sourcemaps upload --project-key KEY --release RELEASE');
  });
});
