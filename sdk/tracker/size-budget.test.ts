import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM build script, no declarations
import { buildTracker } from './build.mjs';

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/** The budget lives in the README (one place for people and for this test). */
function budgetFromReadme(): number {
  const readme = readFileSync(join(__dirname, 'README.md'), 'utf8');
  const match = /size budget[^\n]*?:\s*\*\*(\d+(?:\.\d+)?) KB gzip\*\*/i.exec(readme);
  if (!match) throw new Error('README.md must state "Size budget ...: **NN KB gzip**"');
  return Number(match[1]) * 1024;
}

const out = mkdtempSync(join(tmpdir(), 'cassette-tracker-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('builds', () => {
  it('tracker.js stays within the budget written in the README', async () => {
    const sizes = (await buildTracker({ outDir: out, declarations: false, quiet: true })) as Record<string, Sizes>;
    const budget = budgetFromReadme();
    const script = sizes['tracker.js']!;
    expect(script.gzip, `tracker.js is ${script.gzip} B gzip, budget ${budget} B`).toBeLessThanOrEqual(budget);
    // The script build defines the global and nothing it should not.
    const code = readFileSync(join(out, 'tracker.js'), 'utf8');
    expect(code).toContain('CassetteTracker');
    expect(code.trimEnd()).not.toMatch(/\/\/# sourceMappingURL=\S+$/);
  });

  it('the built ESM entry imports in Node (server-side rendering) and does nothing there', async () => {
    const mod = (await import(pathToFileURL(join(out, 'index.js')).href)) as typeof import('./src/index');
    expect(mod.default).toBe(mod.CassetteTracker);
    await expect(new mod.CassetteTracker({ projectKey: 'pk' }).start()).resolves.toMatchObject({ ok: false, reason: 'not_browser' });
  });
});
