import { describe, expect, it } from 'vitest';
import { HttpError } from '@cassette/plugin-sdk/server';
import { checkRelease, normalizeScriptFile, readableSourcePath, scriptPathSuffixes } from './sourcemap-paths.js';

const messageOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400) return error.message;
    throw error;
  }
  throw new Error('accepted');
};

describe('normalizeScriptFile', () => {
  it('keeps paths relative to the site root, dropping a leading / or ~/', () => {
    expect(normalizeScriptFile('assets/app.min.js')).toBe('assets/app.min.js');
    expect(normalizeScriptFile('/static/assets/app.min.js')).toBe('static/assets/app.min.js');
    expect(normalizeScriptFile('~/app.js')).toBe('app.js');
  });

  it('refuses traversal, disk paths, URLs and odd characters, quoting the file', () => {
    expect(messageOf(() => normalizeScriptFile('assets/../../etc/passwd'))).toMatch(/^file "assets\/\.\.\/\.\.\/etc\/passwd" contains "\.\." segments \(path traversal\)/);
    expect(messageOf(() => normalizeScriptFile('../app.js'))).toMatch(/path traversal/);
    expect(messageOf(() => normalizeScriptFile('assets\\app.js'))).toMatch(/backslash/);
    expect(messageOf(() => normalizeScriptFile('C:/build/app.js'))).toMatch(/absolute path on disk/);
    expect(messageOf(() => normalizeScriptFile('//evil/share/app.js'))).toMatch(/absolute path on disk or another host/);
    expect(messageOf(() => normalizeScriptFile('file:///etc/passwd'))).toMatch(/file: URL/);
    expect(messageOf(() => normalizeScriptFile('https://cdn.example/app.js'))).toMatch(/is a URL, not a path/);
    expect(messageOf(() => normalizeScriptFile('app.js\u0000.map'))).toMatch(/NUL/);
    expect(messageOf(() => normalizeScriptFile('app\n.js'))).toMatch(/control characters/);
    expect(messageOf(() => normalizeScriptFile('assets//app.js'))).toMatch(/empty or "\." segments/);
    expect(messageOf(() => normalizeScriptFile('%2e%2e/app.js'))).toMatch(/encoded/);
    expect(messageOf(() => normalizeScriptFile('   '))).toMatch(/file is empty/);
    expect(messageOf(() => normalizeScriptFile(`${'a/'.repeat(250)}x.js`))).toMatch(/file is 504 characters long; at most 500/);
  });
});

describe('checkRelease', () => {
  it('accepts printable text and refuses empty, long or control characters', () => {
    expect(checkRelease(' v1.2.3+build/7 ')).toBe('v1.2.3+build/7');
    expect(messageOf(() => checkRelease(''))).toMatch(/release is empty/);
    expect(messageOf(() => checkRelease('x'.repeat(201)))).toMatch(/201 characters long; at most 200/);
    expect(messageOf(() => checkRelease('1.0\u0007'))).toMatch(/control characters/);
  });
});

describe('scriptPathSuffixes', () => {
  it('lists the path suffixes of a script URL, longest first, without query or fragment', () => {
    expect(scriptPathSuffixes('https://shop.example/static/assets/app.min.js?v=3#x')).toEqual(['static/assets/app.min.js', 'assets/app.min.js', 'app.min.js']);
    expect(scriptPathSuffixes('/static/app.js')).toEqual(['static/app.js', 'app.js']);
    expect(scriptPathSuffixes('<anonymous>')).toEqual(['<anonymous>']);
  });
});

describe('readableSourcePath', () => {
  it('drops bundler schemes and the climb back to the project', () => {
    expect(readableSourcePath('../../src/cart.ts')).toBe('src/cart.ts');
    expect(readableSourcePath('webpack://shop/./src/a.ts')).toBe('src/a.ts');
    expect(readableSourcePath('webpack:///src/b.ts')).toBe('src/b.ts');
  });
});
