import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleEntry } from './bundle.js';
import { splitOutputs, type BundleOutput } from './bundle-split.js';

const output = (bytes: number, imports: BundleOutput['imports'], entryPoint?: string): BundleOutput => ({ bytes, imports, ...(entryPoint ? { entryPoint } : {}) });

describe('splitOutputs', () => {
  it('loads the entry and its static imports at start, dynamic imports later', () => {
    const split = splitOutputs({
      'entry.js': output(100, [{ path: 'shared.js', kind: 'import-statement' }, { path: 'lazy.js', kind: 'dynamic-import' }], 'entry.ts'),
      'entry.js.map': output(300, []),
      'shared.js': output(50, [{ path: 'https://cdn.example/x.js', kind: 'import-statement', external: true }]),
      'lazy.js': output(70, [{ path: 'shared.js', kind: 'import-statement' }, { path: 'lazier.js', kind: 'dynamic-import' }], 'lazy.ts'),
      'lazier.js': output(10, [], 'lazier.ts'),
    }, 'entry.ts');
    expect(split.eager.sort()).toEqual(['entry.js', 'shared.js']);
    expect(split.lazy.sort()).toEqual(['lazier.js', 'lazy.js']);
  });

  it('refuses outputs without exactly one chunk for the entry', () => {
    expect(() => splitOutputs({ 'a.js': output(1, [], 'a.ts') }, 'entry.ts')).toThrow(/one output for the entry entry.ts, found 0/);
    expect(() => splitOutputs({ 'a.js': output(1, [], 'entry.ts'), 'b.js': output(1, [], 'entry.ts') }, 'entry.ts')).toThrow(/found 2/);
  });
});

describe('bundleEntry', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-weight-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps what the entry imports with import() as a later download', async () => {
    writeFileSync(join(dir, 'replay.js'), `export function startReplay(){return ${JSON.stringify('r'.repeat(2000))}}\n`);
    writeFileSync(join(dir, 'unused.js'), `export function neverCalled(){return ${JSON.stringify('u'.repeat(5000))}}\n`);
    writeFileSync(
      join(dir, 'entry.js'),
      "import { neverCalled } from './unused.js';\nexport const started = Date.now();\nimport('./replay.js').then((m) => m.startReplay());\n",
    );
    const weight = await bundleEntry(join(dir, 'entry.js'), join(dir, 'out'));
    expect(weight.files.filter((f) => !f.lazy)).toHaveLength(1);
    expect(weight.files.filter((f) => f.lazy)).toHaveLength(1);
    // The lazy chunk holds the 2,000 characters; tree shaking dropped the unused 5,000.
    expect(weight.later.min).toBeGreaterThan(2000);
    expect(weight.atStart.min).toBeLessThan(1000);
    expect(weight.atStart.gzip).toBe(weight.files.find((f) => !f.lazy)!.sizes.gzip);
  });
});
