import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { buildSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestKernel, TestUser } from '@cassette/plugin-sdk/testing';
// The errors plugin as its own tests boot it (the real plugin beside stand-ins of its neighbours).
import { createErrorsTestKernel } from '../../../plugins/errors/testing/errors-test-kernel.js';
import { main, type CliIo } from './main.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'cassette.mjs');

/** A built site: two bundles with maps (one named by its comment, one only beside it) and a script without one. */
function buildSite(root: string): string {
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'app.ts'), 'export function start(n: number) {\n  if (n > 1) throw new Error(`too many: ${n}`);\n  return n;\n}\n(globalThis as any).start = start;\n');
  writeFileSync(join(root, 'src', 'admin.ts'), 'export const admin = (x: string) => x.toUpperCase();\n(globalThis as any).admin = admin;\n');
  const dist = join(root, 'dist');
  buildSync({ entryPoints: [join(root, 'src', 'app.ts')], bundle: true, minify: true, sourcemap: 'linked', outfile: join(dist, 'assets', 'app.min.js'), logLevel: 'silent' });
  buildSync({ entryPoints: [join(root, 'src', 'admin.ts')], bundle: true, minify: true, sourcemap: 'external', outfile: join(dist, 'admin', 'admin.min.mjs'), format: 'esm', logLevel: 'silent' });
  writeFileSync(join(dist, 'assets', 'vendor.js'), 'window.vendor = 1;\n');
  return dist;
}

function capture(overrides: Partial<CliIo> = {}): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { env: {}, fetch: globalThis.fetch, cwd: process.cwd(), out: (l) => void stdout.push(l), err: (l) => void stderr.push(l), stdout, stderr, ...overrides };
}

describe('cassette sourcemaps upload', () => {
  let t: TestKernel;
  let server: string;
  let owner: TestUser;
  let projectId: number;
  let projectKey: string;
  let apiKey: string;
  let root: string;
  let dist: string;

  const listed = async () => (await t.request('GET', `/api/${projectId}/sourcemaps`, { token: owner.token })).body.data as { release: string; file: string }[];
  const args = (release: string, ...more: string[]) => ['sourcemaps', 'upload', '--project-key', projectKey, '--release', release, '--server', server, ...more, dist];

  beforeAll(async () => {
    t = await createErrorsTestKernel();
    ({ projectId, owner } = await t.createTenant());
    projectKey = (await t.request('GET', `/api/projects/${projectId}`, { token: owner.token })).body.data.projectKey;
    apiKey = (await t.request('GET', '/api/client', { token: owner.token })).body.data.apiKey;
    server = await t.kernel.app.listen({ port: 0, host: '127.0.0.1' });
    root = mkdtempSync(join(tmpdir(), 'cassette-cli-'));
    dist = buildSite(root);
  });
  afterAll(async () => {
    await t?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('uploads every map of a build folder under the URL prefix, over HTTP', async () => {
    const io = capture();
    expect(await main(args('1.0.0', '--api-key', apiKey, '--url-prefix', '/static/'), io)).toBe(0);
    expect(io.stderr).toEqual([]);
    expect(io.stdout).toEqual([
      'skipped   /static/assets/vendor.js (no source map)',
      expect.stringMatching(/^uploaded  static\/admin\/admin\.min\.mjs \(\d+ B, 1 sources, from admin\/admin\.min\.mjs\.map\)$/),
      expect.stringMatching(/^uploaded  static\/assets\/app\.min\.js \(\d+ B, 1 sources, from assets\/app\.min\.js\.map\)$/),
      expect.stringMatching(/^Uploaded 2 source maps \(.+\) for release 1\.0\.0; 1 script without a map\.$/),
    ]);
    expect((await listed()).filter((m) => m.release === '1.0.0').map((m) => m.file).sort()).toEqual(['static/admin/admin.min.mjs', 'static/assets/app.min.js']);
  });

  it('runs as the cassette command with the server and key from the environment', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [BIN, 'sourcemaps', 'upload', '--project-key', projectKey, '--release', '2.0.0', dist], {
      env: { ...process.env, CASSETTE_URL: server, CASSETTE_API_KEY: apiKey },
    });
    expect(stdout).toMatch(/Uploaded 2 source maps .* for release 2\.0\.0/);
    expect((await listed()).filter((m) => m.release === '2.0.0').map((m) => m.file).sort()).toEqual(['admin/admin.min.mjs', 'assets/app.min.js']);
  });

  it("exits 1 with the server's message when an upload is refused", async () => {
    const wrongProject = capture();
    expect(await main(['sourcemaps', 'upload', '--project-key', 'nope', '--release', '1', '--server', server, '--api-key', apiKey, dist], wrongProject)).toBe(1);
    expect(wrongProject.stderr[0]).toMatch(/^failed    admin\/admin\.min\.mjs: No project with this key in your organization/);
    expect(wrongProject.stderr[1]).toBe('Stopped after 0 of 2 source maps.');

    const hostileDir = join(root, 'hostile');
    mkdirSync(hostileDir);
    writeFileSync(join(hostileDir, 'x.js'), 'x()\n//# sourceMappingURL=x.js.map\n');
    writeFileSync(join(hostileDir, 'x.js.map'), JSON.stringify({ version: 3, sources: ['../../../../../../../../etc/passwd'], names: [], mappings: 'AAAA' }));
    const hostile = capture();
    expect(await main(['sourcemaps', 'upload', '--project-key', projectKey, '--release', 'h', '--server', server, '--api-key', apiKey, hostileDir], hostile)).toBe(1);
    expect(hostile.stderr[0]).toMatch(/^failed    x\.js: sources\[0\] ".*etc\/passwd" climbs 8 folders up/);

    const badKey = capture();
    expect(await main(args('1', '--api-key', 'not-the-key'), badKey)).toBe(1);
    expect(badKey.stderr[0]).toMatch(/^failed    admin\/admin\.min\.mjs: .*API key/);
  });

  it('exits 1 when the server cannot be reached or the folder has no maps', async () => {
    const offline = capture();
    expect(await main(['sourcemaps', 'upload', '--project-key', projectKey, '--release', '1', '--server', 'http://127.0.0.1:9', '--api-key', apiKey, dist], offline)).toBe(1);
    expect(offline.stderr[0]).toMatch(/Could not reach http:\/\/127\.0\.0\.1:9/);
    const empty = join(root, 'empty');
    mkdirSync(empty);
    const none = capture();
    expect(await main(['sourcemaps', 'upload', '--project-key', projectKey, '--release', '1', '--api-key', apiKey, empty], none)).toBe(1);
    expect(none.stderr[0]).toMatch(/^No source maps found in /);
  });

  it('exits 2 with the usage on wrong usage, and 0 for --help', async () => {
    const cases: [string[], RegExp, Record<string, string>?][] = [
      [[], /No command given/],
      [['maps', 'push'], /Unknown command "maps push"/],
      [['sourcemaps', 'upload', '--project-key', 'k', '--release', '1'], /Give the build folder/],
      [['sourcemaps', 'upload', '--release', '1', 'dist'], /Missing --project-key/],
      [['sourcemaps', 'upload', '--project-key', 'k', '--release', '1', '--bogus', 'dist'], /Unknown option '--bogus'/],
      [['sourcemaps', 'upload', '--project-key', 'k', '--release', '1', 'dist'], /Missing the API key/],
      [['sourcemaps', 'upload', '--project-key', 'k', '--release', '1', '/no/such/folder'], /is not a folder/, { CASSETTE_API_KEY: 'k' }],
      [['sourcemaps', 'upload', '--project-key', 'k', '--release', '1', '--server', 'localhost:8080', 'dist'], /--server must be an http\(s\) URL/, { CASSETTE_API_KEY: 'k' }],
    ];
    for (const [argv, message, env] of cases) {
      const io = capture({ env: env ?? {} });
      expect(await main(argv, io), argv.join(' ')).toBe(2);
      expect(io.stderr[0], argv.join(' ')).toMatch(message);
      expect(io.stderr.join('\n')).toContain('Usage: cassette sourcemaps upload');
    }
    const help = capture();
    expect(await main(['--help'], help)).toBe(0);
    expect(help.stdout[0]).toMatch(/^Usage: cassette sourcemaps upload --project-key KEY --release RELEASE/);
  });
});
