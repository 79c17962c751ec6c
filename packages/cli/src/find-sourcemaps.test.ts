import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findSourceMaps } from './find-sourcemaps.js';

describe('findSourceMaps', () => {
  let root: string;
  let dist: string;
  const map = (source: string) => JSON.stringify({ version: 3, sources: [source], names: [], mappings: 'AAAA' });

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'cassette-scan-'));
    dist = join(root, 'dist');
    mkdirSync(join(dist, 'js', 'chunks'), { recursive: true });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("follows each script's sourceMappingURL comment, else the .map beside it, and reads inline maps", () => {
    writeFileSync(join(dist, 'js', 'app.js'), 'a()\n//# sourceMappingURL=../maps/app.js.map\n');
    mkdirSync(join(dist, 'maps'));
    writeFileSync(join(dist, 'maps', 'app.js.map'), map('app.ts'));
    writeFileSync(join(dist, 'js', 'chunks', 'c.mjs'), 'c()\n');
    writeFileSync(join(dist, 'js', 'chunks', 'c.mjs.map'), map('c.ts'));
    writeFileSync(join(dist, 'inline.cjs'), `i()\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,${Buffer.from(map('i.ts')).toString('base64')}\n`);
    writeFileSync(join(dist, 'styles.css'), 'a{}\n');
    const scan = findSourceMaps(dist);
    expect(scan.withoutMaps).toEqual([]);
    expect(scan.withMaps.map((m) => [m.script, m.mapSource, JSON.parse(m.map.toString()).sources[0]])).toEqual([
      ['inline.cjs', 'inline', 'i.ts'],
      ['js/app.js', 'maps/app.js.map', 'app.ts'],
      ['js/chunks/c.mjs', 'js/chunks/c.mjs.map', 'c.ts'],
    ]);
  });

  it('does not follow a comment out of the build folder, nor links or node_modules', () => {
    writeFileSync(join(root, 'secret.map'), map('secret.ts'));
    writeFileSync(join(dist, 'out.js'), 'o()\n//# sourceMappingURL=../secret.map\n');
    writeFileSync(join(dist, 'remote.js'), 'r()\n//# sourceMappingURL=https://cdn.example/remote.js.map\n');
    mkdirSync(join(root, 'elsewhere'));
    writeFileSync(join(root, 'elsewhere', 'x.js'), 'x()\n');
    writeFileSync(join(root, 'elsewhere', 'x.js.map'), map('x.ts'));
    symlinkSync(join(root, 'elsewhere'), join(dist, 'linked'));
    mkdirSync(join(dist, 'node_modules'));
    writeFileSync(join(dist, 'node_modules', 'dep.js'), 'd()\n');
    writeFileSync(join(dist, 'node_modules', 'dep.js.map'), map('dep.ts'));
    const scan = findSourceMaps(dist);
    expect(scan.withMaps).toEqual([]);
    expect(scan.withoutMaps).toEqual(['out.js', 'remote.js']);
  });
});
