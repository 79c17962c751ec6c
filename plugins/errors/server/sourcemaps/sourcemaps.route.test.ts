import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '@cassette/plugin-sdk/testing';
import { sql } from '@cassette/plugin-sdk/server';
import { SOURCEMAP_LIMITS } from '../../api.js';
import { parseStack } from '../stack/parse-stack.js';
import { generateSourceMap } from '../../testing/generated-source-map.js';
import { buildMinifiedBundle, type MinifiedBundle } from '../../testing/minified-bundle.js';
import { createSourceMapsTestKernel, type SourceMapsTestKernel } from '../../testing/sourcemaps-test-kernel.js';

const SCRIPT_URL = 'https://shop.example/static/assets/app.min.js';
const SESSION_ID = '1763539200000000001';

describe('source-map routes', () => {
  let t: SourceMapsTestKernel;
  let bundle: MinifiedBundle;
  let projectId: number;
  let tenantId: number;
  let projectKey: string;
  let owner: TestUser;
  let apiKey: string;

  const upload = (query: Record<string, string>, payload: string | Buffer = bundle.map, key = apiKey, headers: Record<string, string> = {}) =>
    t.kernel.app
      .inject({ method: 'POST', url: `/api/sourcemaps?${new URLSearchParams(query)}`, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers }, payload })
      .then((res) => ({ status: res.statusCode, body: res.json() }));
  const storedBlobs = () => t.kernel.blobs.list(`errors/sourcemaps/${projectId}/`);
  const list = (query = '', token = owner.token) => t.request('GET', `/api/${projectId}/sourcemaps${query}`, { token });

  beforeAll(async () => {
    t = await createSourceMapsTestKernel();
    ({ projectId, tenantId, owner } = await t.createTenant());
    projectKey = await t.projectKeyOf(projectId, owner.token);
    apiKey = await t.apiKeyOf(owner.token);
    bundle = buildMinifiedBundle(SCRIPT_URL);
  });
  afterAll(async () => t?.close());

  describe('POST /api/sourcemaps', () => {
    it('stores a map with the organization API key, and replaces it on a second upload', async () => {
      const res = await upload({ projectKey, release: '1.0.0', file: '/assets/app.min.js' });
      expect(res).toEqual({ status: 200, body: { data: { release: '1.0.0', file: 'assets/app.min.js', bytes: Buffer.byteLength(bundle.map), sources: 2 } } });
      const listed = (await list()).body.data;
      expect(listed).toEqual([{ release: '1.0.0', file: 'assets/app.min.js', bytes: Buffer.byteLength(bundle.map), uploadedAt: expect.any(Number) }]);

      const smaller = JSON.stringify({ ...JSON.parse(bundle.map), sourcesContent: undefined });
      expect((await upload({ projectKey, release: '1.0.0', file: 'assets/app.min.js' }, smaller)).body.data.bytes).toBe(Buffer.byteLength(smaller));
      const relisted = (await list()).body.data;
      expect(relisted).toHaveLength(1);
      expect(relisted[0].bytes).toBe(Buffer.byteLength(smaller));
      expect(relisted[0].uploadedAt).toBeGreaterThanOrEqual(listed[0].uploadedAt);
      expect(await storedBlobs()).toHaveLength(1);
    });

    it('keys the blob by hashes, never by the given file name', async () => {
      await upload({ projectKey, release: 'keys', file: 'assets/some name.js' });
      const keys = await storedBlobs();
      expect(keys.every((key) => /^errors\/sourcemaps\/\d+\/[0-9a-f]{24}\/[0-9a-f]{40}\.map$/.test(key))).toBe(true);
      expect(keys.join()).not.toContain('some');
      await t.request('DELETE', `/api/${projectId}/sourcemaps?release=keys`, { token: owner.token });
    });

    it('needs the API key of the project\'s own organization', async () => {
      const other = await t.createTenant();
      const otherKey = await t.apiKeyOf(other.owner.token);
      const foreign = await upload({ projectKey, release: '1.0.0', file: 'x.js' }, bundle.map, otherKey);
      expect(foreign).toEqual({ status: 404, body: { errors: [expect.stringMatching(/^No project with this key in your organization/)] } });
      expect((await upload({ projectKey: 'no-such-key', release: '1.0.0', file: 'x.js' })).status).toBe(404);
      expect((await upload({ projectKey, release: '1.0.0', file: 'x.js' }, bundle.map, 'not-a-key')).status).toBe(401);
      expect((await upload({ projectKey, release: '1.0.0', file: 'x.js' }, bundle.map, owner.token)).status).toBe(401);
      const anonymous = await t.kernel.app.inject({ method: 'POST', url: `/api/sourcemaps?projectKey=${projectKey}&release=1&file=x.js`, payload: bundle.map });
      expect(anonymous.statusCode).toBe(401);
    });

    it('refuses hostile and broken maps and bad parameters with a clear 400, storing nothing', async () => {
      const before = await storedBlobs();
      const base = { projectKey, release: 'bad', file: 'assets/app.min.js' };
      const hostile = JSON.stringify({ ...JSON.parse(bundle.map), sources: ['../../src/cart.ts', '../../../../../../../../etc/passwd'] });
      const cases: [Record<string, string>, string, RegExp][] = [
        [base, hostile, /^sources\[1\] "\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/etc\/passwd" climbs 8 folders up/],
        [base, JSON.stringify({ ...JSON.parse(bundle.map), sources: ['/home/dev/shop/src/cart.ts', 'src/app.ts'] }), /sources\[0\] .* absolute path on disk/],
        [base, '{"version": 3, "sources": [', /not valid JSON/],
        [base, JSON.stringify({ ...JSON.parse(bundle.map), mappings: 'AAAA;%%%' }), /mappings are not valid: line 2 of the mappings contains "%"/],
        [base, JSON.stringify({ version: 3, sections: [{ offset: { line: 0, column: 0 }, url: 'other.map' }] }), /sections\[0\] refers to a map by "url"/],
        [{ ...base, file: 'assets/../../../etc/cron.d/x' }, bundle.map, /^file "assets\/\.\.\/.*path traversal/],
        [{ ...base, file: 'C:\\build\\app.js' }, bundle.map, /^file .* backslash/],
        [{ ...base, file: 'file:///etc/passwd' }, bundle.map, /^file .* file: URL/],
        [{ ...base, file: '' }, bundle.map, /file is empty/],
        [{ ...base, file: 'a'.repeat(SOURCEMAP_LIMITS.maxFileLength + 1) }, bundle.map, /file is 501 characters long; at most 500/],
        [{ ...base, release: '' }, bundle.map, /release is empty/],
        [{ ...base, release: 'r'.repeat(SOURCEMAP_LIMITS.maxReleaseLength + 1) }, bundle.map, /release is 201 characters long/],
        [{ ...base, release: '1.0\n2' }, bundle.map, /release contains control characters/],
        [{ projectKey, file: 'a.js' }, bundle.map, /release is required/],
      ];
      for (const [query, body, message] of cases) {
        const res = await upload(query, body);
        expect(res.status, String(message)).toBe(400);
        expect(res.body.errors[0], String(message)).toMatch(message);
      }
      expect((await upload({ ...base, file: 'a.js\u0000.map' })).status).toBe(400);
      expect(await storedBlobs()).toEqual(before);
      expect((await list('?release=bad')).body.data).toEqual([]);
    });

    it('refuses a map above the limit with 413, saying the limit', async () => {
      const huge = Buffer.alloc(SOURCEMAP_LIMITS.maxMapBytes + 1, 0x20);
      const res = await upload({ projectKey, release: 'huge', file: 'a.js' }, huge);
      expect(res.status).toBe(413);
      expect(res.body.errors[0]).toMatch(/the largest accepted is 32 MiB/);
      const beyond = await upload({ projectKey, release: 'huge', file: 'a.js' }, Buffer.alloc(SOURCEMAP_LIMITS.maxMapBytes + 1024 * 1024, 0x20));
      expect(beyond.status).toBe(413);
      expect((await list('?release=huge')).body.data).toEqual([]);
    });

    it('refuses compressed bodies rather than inflate them', async () => {
      const query = { projectKey, release: 'gzip', file: 'a.js' };
      const gzipped = gzipSync(Buffer.from(bundle.map));
      const declared = await upload(query, gzipped, apiKey, { 'content-encoding': 'gzip' });
      expect(declared.status).toBe(415);
      expect(declared.body.errors[0]).toMatch(/^Compressed uploads \(Content-Encoding\) are not accepted: send the source map's JSON uncompressed \(at most 32 MiB\)/);
      expect((await upload(query, bundle.map, apiKey, { 'content-encoding': 'br' })).status).toBe(415);
      const undeclared = await upload(query, gzipped);
      expect(undeclared.status).toBe(400);
      expect(undeclared.body.errors[0]).toMatch(/^The body is gzip-compressed: send the source map's JSON uncompressed/);
      expect((await upload(query, bundle.map, apiKey, { 'content-encoding': 'identity' })).status).toBe(200);
      await t.request('DELETE', `/api/${projectId}/sourcemaps?release=gzip`, { token: owner.token });
    });
  });

  describe('the bound of decoded maps in memory (setting sourceMapCacheBytes)', () => {
    const MIB = 1024 * 1024;
    let small: SourceMapsTestKernel;

    beforeAll(async () => {
      small = await createSourceMapsTestKernel({ settings: { sourceMapCacheBytes: MIB } });
    });
    afterAll(async () => small?.close());

    it('refuses with 413 a map whose decoded size would pass it, saying the bound and what to do', async () => {
      expect(small.sourceMaps.cache.stats().maxBytes).toBe(MIB);
      const { projectId: own, owner: admin } = await small.createTenant();
      const query = new URLSearchParams({ projectKey: await small.projectKeyOf(own, admin.token), release: '1', file: 'big.min.js' });
      const headers = { authorization: `Bearer ${await small.apiKeyOf(admin.token)}`, 'content-type': 'application/json' };
      const big = generateSourceMap({ seed: 7, segments: 200_000 }).json;
      const refused = await small.kernel.app.inject({ method: 'POST', url: `/api/sourcemaps?${query}`, headers, payload: big });
      expect(refused.statusCode).toBe(413);
      expect(refused.json().errors[0]).toMatch(
        /^Decoded for stack traces, this source map would take 1\.\d MiB of server memory; the largest this server keeps is 1\.0 MiB \(setting sourceMapCacheBytes of the errors plugin\)\. Split the bundle into smaller chunks/,
      );
      expect(await small.kernel.blobs.list(`errors/sourcemaps/${own}/`)).toEqual([]);
      const fits = await small.kernel.app.inject({ method: 'POST', url: `/api/sourcemaps?${query}`, headers, payload: bundle.map });
      expect(fits.statusCode).toBe(200);
    });
  });

  describe('GET and DELETE /api/{projectId}/sourcemaps', () => {
    it('lists newest first, filters by release and deletes one release with its blobs', async () => {
      const { projectId: own, owner: admin } = await t.createTenant();
      const key = await t.projectKeyOf(own, admin.token);
      const ownKey = await t.apiKeyOf(admin.token);
      for (const [release, file] of [['1', 'a.js'], ['1', 'b.js'], ['2', 'a.js']]) expect((await upload({ projectKey: key, release: release!, file: file! }, bundle.map, ownKey)).status).toBe(200);
      const all = (await t.request('GET', `/api/${own}/sourcemaps`, { token: admin.token })).body.data;
      expect(all.map((m: { release: string; file: string }) => `${m.release}:${m.file}`)).toEqual(['2:a.js', '1:b.js', '1:a.js']);
      expect((await t.request('GET', `/api/${own}/sourcemaps?release=1`, { token: admin.token })).body.data).toHaveLength(2);
      expect((await t.request('DELETE', `/api/${own}/sourcemaps?release=1`, { token: admin.token })).body.data).toEqual({ deleted: 2 });
      expect((await t.request('GET', `/api/${own}/sourcemaps`, { token: admin.token })).body.data.map((m: { release: string }) => m.release)).toEqual(['2']);
      expect(await t.kernel.blobs.list(`errors/sourcemaps/${own}/`)).toHaveLength(1);
      expect((await t.request('DELETE', `/api/${own}/sourcemaps`, { token: admin.token })).status).toBe(400);
      // A deleted project's maps go with it.
      expect(await t.sourceMaps.store.deleteProject(own)).toBe(1);
      expect(await t.kernel.blobs.list(`errors/sourcemaps/${own}/`)).toEqual([]);
      expect((await t.request('GET', `/api/${own}/sourcemaps`, { token: admin.token })).body.data).toEqual([]);
    });

    it('needs the Errors permission and a project of the caller', async () => {
      const lacking = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
      expect((await list('', lacking.token)).status).toBe(403);
      expect((await t.request('DELETE', `/api/${projectId}/sourcemaps?release=1.0.0`, { token: lacking.token })).status).toBe(403);
      const allowed = await t.createMember(tenantId, { permissions: ['ERRORS'] });
      expect((await list('', allowed.token)).status).toBe(200);
      const stranger = await t.createTenant();
      expect((await list('', stranger.owner.token)).status).toBe(404);
    });
  });

  describe('stack routes', () => {
    const ERROR_ID = 'err-checkout-1';
    const insertOccurrence = async (project: number, errorId: string, seq: number, idx: number, ts: number, release: string | null, stack: string) =>
      t.kernel.db.sql(sql`insert into errors_occurrences (project_id, error_id, session_id, seq, idx, ts, user_key, release, name, message, stack, frames)
         values (${project}, ${errorId}, ${SESSION_ID}, ${seq}, ${idx}, ${new Date(ts)}, ${'u1'}, ${release}, ${'TypeError'}, ${'Cart total 3 is too large'}, ${stack}, cast(${JSON.stringify(parseStack(stack, 'TypeError'))} as jsonb))`);

    beforeAll(async () => {
      await t.kernel.db.sql(sql`insert into errors_errors (error_id, project_id, tenant_id, fingerprint, source, name, message, first_occurrence_at, last_occurrence_at)
         values (${ERROR_ID}, ${projectId}, ${tenantId}, ${'fp-1'}, ${'js_exception'}, ${'TypeError'}, ${'Cart total 3 is too large'}, now(), now())`);
      await upload({ projectKey, release: '1.0.0', file: 'assets/app.min.js' });
      // The session first hit it on an unknown release, then on 1.0.0 (the latest occurrence).
      await insertOccurrence(projectId, ERROR_ID, 1, 0, Date.UTC(2026, 0, 1), '0.9.0', bundle.stack);
      await insertOccurrence(projectId, ERROR_ID, 2, 3, Date.UTC(2026, 0, 2), '1.0.0', bundle.stack);
    });

    it("maps the error's latest occurrence", async () => {
      const res = await t.request('GET', `/api/${projectId}/errors/${ERROR_ID}/sourcemaps`, { token: owner.token });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ release: '1.0.0', raw: bundle.stack, sourcemapsMissing: false });
      expect(res.body.data.frames[0]).toMatchObject({ filename: 'src/cart.ts', lineNo: 6, function: 'parseCart', mapped: true });
    });

    it("maps a session's first occurrence, or the one at ?key=seq:idx", async () => {
      const url = `/api/${projectId}/sessions2/${SESSION_ID}/errors/${ERROR_ID}/sourcemaps`;
      const first = (await t.request('GET', url, { token: owner.token })).body.data;
      expect(first).toMatchObject({ release: '0.9.0', sourcemapsMissing: true });
      expect(first.frames[0]).toMatchObject({ function: 'e', lineNo: 1, colNo: 50, mapped: false, context: null });
      const atKey = (await t.request('GET', `${url}?key=2:3`, { token: owner.token })).body.data;
      expect(atKey).toMatchObject({ release: '1.0.0', sourcemapsMissing: false });
      expect((await t.request('GET', `${url}?key=9:9`, { token: owner.token })).status).toBe(404);
      expect((await t.request('GET', `${url}?key=oops`, { token: owner.token })).status).toBe(400);
      expect((await t.request('GET', `/api/${projectId}/sessions2/1763539200000000999/errors/${ERROR_ID}/sourcemaps`, { token: owner.token })).status).toBe(404);
    });

    it('answers 404 for unknown errors and errors of another project, 403 without the Errors permission', async () => {
      expect((await t.request('GET', `/api/${projectId}/errors/nope/sourcemaps`, { token: owner.token })).body).toEqual({ errors: ['Error not found'] });
      const other = await t.createTenant();
      expect((await t.request('GET', `/api/${other.projectId}/errors/${ERROR_ID}/sourcemaps`, { token: other.owner.token })).status).toBe(404);
      const lacking = await t.createMember(tenantId, { permissions: ['SESSION_REPLAY'] });
      expect((await t.request('GET', `/api/${projectId}/errors/${ERROR_ID}/sourcemaps`, { token: lacking.token })).status).toBe(403);
    });
  });
});
