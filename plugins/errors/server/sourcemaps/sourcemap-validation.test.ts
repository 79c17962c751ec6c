import { describe, expect, it } from 'vitest';
import { HttpError } from '@cassette/plugin-sdk/server';
import { SOURCEMAP_LIMITS } from '../../api.js';
import { validateSourceMap } from './sourcemap-validation.js';

const VALID = { version: 3, file: 'app.min.js', sources: ['../src/app.ts'], sourcesContent: ['export const a = 1;\n'], names: ['a'], mappings: 'AAAA,KAAKA;AACL' };

const body = (map: unknown) => Buffer.from(typeof map === 'string' ? map : JSON.stringify(map));

function refusal(map: unknown, options?: Parameters<typeof validateSourceMap>[1]): { status: number; message: string } {
  try {
    validateSourceMap(Buffer.isBuffer(map) ? map : body(map), options);
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('the map was accepted');
}

describe('validateSourceMap', () => {
  it('accepts a bundler map and counts its sources', () => {
    const validated = validateSourceMap(body(VALID));
    expect(validated).toMatchObject({ bytes: body(VALID).byteLength, sources: 1 });
    expect(JSON.parse(validated.text)).toEqual(VALID);
  });

  it('accepts maps without names or sourcesContent, with null contents, a byte order mark or the )]}\' guard', () => {
    expect(validateSourceMap(body({ version: 3, sources: ['a.js'], mappings: 'AAAA' })).sources).toBe(1);
    expect(validateSourceMap(body({ ...VALID, sourcesContent: [null] })).sources).toBe(1);
    expect(JSON.parse(validateSourceMap(body(`\ufeff${JSON.stringify(VALID)}`)).text)).toEqual(VALID);
    expect(JSON.parse(validateSourceMap(body(`)]}'\n${JSON.stringify(VALID)}`)).text)).toEqual(VALID);
  });

  it('accepts bundler source paths: leading ../, webpack:// and https URLs, a "/" sourceRoot', () => {
    const sources = ['../../src/cart.ts', '../../../../node_modules/react/index.js', 'webpack://shop/./src/a.ts', 'webpack:///src/b.ts', 'https://cdn.example/lib.js', 'src/x/../y.ts'];
    const map = { version: 3, sourceRoot: '/', sources, names: [], mappings: 'AAAA,CCAA,CCAA,CCAA,CCAA,CCAA' };
    expect(validateSourceMap(body(map)).sources).toBe(6);
  });

  it('refuses a body that is not JSON or not a source map', () => {
    expect(refusal('')).toMatchObject({ status: 400, message: expect.stringMatching(/body is empty/) });
    expect(refusal('{"version": 3, "sources": [')).toMatchObject({ status: 400, message: expect.stringMatching(/not valid JSON/) });
    expect(refusal('[1, 2]').message).toMatch(/not a source map object/);
    expect(refusal({ ...VALID, version: 2 }).message).toMatch(/not a version 3 source map \("version" is 2\)/);
    expect(refusal({ ...VALID, version: undefined }).message).toMatch(/"version" is missing/);
    expect(refusal({ ...VALID, mappings: 12 }).message).toMatch(/mappings must be a string/);
    expect(refusal({ ...VALID, sources: 'app.ts' }).message).toMatch(/sources must be an array/);
    expect(refusal({ ...VALID, sources: [null] }).message).toMatch(/sources\[0\] must be a string \(it is null\)/);
    expect(refusal({ ...VALID, sourcesContent: [42] }).message).toMatch(/sourcesContent\[0\] must be a string or null/);
    expect(refusal({ ...VALID, sourcesContent: ['a', 'b'] }).message).toMatch(/sourcesContent has 2 entries but sources only 1/);
    expect(refusal({ ...VALID, names: ['a', 7] }).message).toMatch(/names\[1\] must be a string/);
    expect(refusal({ ...VALID, sourceRoot: 5 }).message).toMatch(/sourceRoot must be a string/);
  });

  it('refuses mappings that do not decode or point outside the map', () => {
    expect(refusal({ ...VALID, mappings: 'AA!A' }).message).toMatch(/line 1 of the mappings contains "!"/);
    expect(refusal({ ...VALID, mappings: 'AAAA;AAg' }).message).toMatch(/line 2 of the mappings ends a value in the middle/);
    expect(refusal({ ...VALID, mappings: 'AA' }).message).toMatch(/segment of 2 values/);
    expect(refusal({ ...VALID, mappings: 'AAAA,,AAAA' }).message).toMatch(/empty segment/);
    expect(refusal({ ...VALID, mappings: 'gggggggggggA' }).message).toMatch(/too large/);
    expect(refusal({ ...VALID, mappings: 'ACAA' }).message).toMatch(/to source 1, but the map has 1 sources/);
    expect(refusal({ ...VALID, mappings: 'AAAAC' }).message).toMatch(/to name 1, but the map has 1 names/);
    expect(refusal({ ...VALID, mappings: 'AADA' }).message).toMatch(/negative line or column/);
    expect(refusal({ ...VALID, mappings: 'D' }).message).toMatch(/negative column/);
  });

  it('refuses path traversal in sources and sourceRoot, naming the entry', () => {
    const hostile = (source: string) => refusal({ ...VALID, sources: ['src/fine.ts', source], sourcesContent: undefined, mappings: 'AAAA' });
    expect(hostile('../../../../../../../etc/passwd')).toMatchObject({ status: 400, message: expect.stringMatching(/^sources\[1\] "\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/etc\/passwd" climbs 7 folders up/) });
    expect(hostile('src/../../../etc/passwd').message).toMatch(/sources\[1\] .* climb out of its folder/);
    expect(hostile('webpack://app/src/../../../etc/passwd').message).toMatch(/sources\[1\] .* climb/);
    expect(hostile('/etc/passwd').message).toMatch(/sources\[1\] "\/etc\/passwd" is an absolute path on disk/);
    expect(hostile('C:/Windows/win.ini').message).toMatch(/absolute path on disk/);
    expect(hostile('..\\..\\secret.txt').message).toMatch(/sources\[1\] .* backslash/);
    expect(hostile('file:///home/dev/app/src/a.ts').message).toMatch(/sources\[1\] .* file: URL/);
    expect(hostile('FILE:/etc/passwd').message).toMatch(/file: URL/);
    expect(hostile('src/a.ts\u0000.png').message).toMatch(/sources\[1\] "src\/a.ts\\u0000.png" contains a NUL character/);
    expect(hostile('src/\u001b[31ma.ts').message).toMatch(/control characters/);
    expect(hostile('//server/share/a.ts').message).toMatch(/absolute path/);
    expect(hostile('%2e%2e/%2e%2e/etc/passwd').message).toMatch(/encoded/);
    expect(refusal({ ...VALID, sourceRoot: '../../../../../../../../' }).message).toMatch(/sourceRoot .* climbs 8 folders up/);
    expect(refusal({ ...VALID, sourceRoot: 'file:///home/dev/' }).message).toMatch(/sourceRoot .* file: URL/);
    // An absolute disk path as the root of every source: refused like one in `sources`.
    expect(refusal({ ...VALID, sourceRoot: '/home/dev/shop/src/' }).message).toMatch(/sourceRoot "\/home\/dev\/shop\/src\/" is an absolute path on disk/);
    expect(refusal({ ...VALID, sourceRoot: '/etc' }).message).toMatch(/sourceRoot .* absolute path on disk/);
  });

  it('refuses too many sources and maps above the size limit (413, saying the limit)', () => {
    const many = Array.from({ length: SOURCEMAP_LIMITS.maxSources + 1 }, (_, i) => `src/f${i}.ts`);
    expect(refusal({ version: 3, sources: many, names: [], mappings: '' }).message).toMatch(/names 10001 sources; at most 10000/);
    const huge = Buffer.alloc(SOURCEMAP_LIMITS.maxMapBytes + 1, 0x20);
    let caught: unknown;
    try {
      validateSourceMap(huge);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(HttpError);
    expect((caught as HttpError).statusCode).toBe(413);
    expect((caught as HttpError).message).toMatch(/the largest accepted is 32 MiB/);
  });

  it('refuses a gzip-compressed body instead of reading it as text', async () => {
    const { gzipSync } = await import('node:zlib');
    expect(refusal(gzipSync(body(VALID)))).toMatchObject({ status: 400, message: expect.stringMatching(/^The body is gzip-compressed: send the source map's JSON uncompressed/) });
  });

  it('says what the map takes decoded, and refuses with 413 one larger than the bound given', () => {
    const { decodedBytes } = validateSourceMap(body(VALID));
    expect(decodedBytes).toBeGreaterThan(body(VALID).byteLength);
    expect(validateSourceMap(body(VALID), { maxDecodedBytes: decodedBytes }).decodedBytes).toBe(decodedBytes);
    expect(refusal(VALID, { maxDecodedBytes: decodedBytes - 1 })).toMatchObject({
      status: 413,
      message: expect.stringMatching(/would take 0\.0 MiB of server memory; the largest this server keeps is 0\.0 MiB \(setting sourceMapCacheBytes of the errors plugin\)\. Split the bundle/),
    });
  });

  describe('index maps (sections)', () => {
    const section = (line: number, map: unknown) => ({ offset: { line, column: 0 }, map });
    const part = (source: string) => ({ version: 3, sources: [source], names: [], mappings: 'AAAA' });

    it('are accepted when every part is a valid map, counting all their sources', () => {
      expect(validateSourceMap(body({ version: 3, sections: [section(0, part('src/a.ts')), section(10, part('src/b.ts'))] })).sources).toBe(2);
    });

    it('are refused with the part that is wrong', () => {
      expect(refusal({ version: 3, sections: {} }).message).toMatch(/"sections" must be an array/);
      expect(refusal({ version: 3, sections: [section(0, part('src/a.ts')), { offset: { line: 1, column: 0 }, url: 'b.js.map' }] }).message).toMatch(/sections\[1\] refers to a map by "url"/);
      expect(refusal({ version: 3, sections: [{ offset: { line: -1, column: 0 }, map: part('a.ts') }] }).message).toMatch(/sections\[0\]\.offset must be/);
      expect(refusal({ version: 3, sections: [section(5, part('a.ts')), section(2, part('b.ts'))] }).message).toMatch(/sections\[1\]\.offset must come after/);
      expect(refusal({ version: 3, sections: [section(0, { version: 3, sections: [] })] }).message).toMatch(/nested sections/);
      expect(refusal({ version: 3, sections: [section(0, part('../../../../../../../../etc/passwd'))] }).message).toMatch(/^sections\[0\]\.map\.sources\[0\] .* climbs 8 folders up/);
      expect(refusal({ version: 3, sections: [section(0, { ...part('a.ts'), mappings: 'A!' })] }).message).toMatch(/^sections\[0\]\.map\.mappings are not valid/);
    });
  });
});
