import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runBenchCommand, type BenchCommandContext } from './bench-command.js';
import type { RegisteredSection } from './sections.js';

const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const sizes: RegisteredSection = {
  id: 'sizes',
  needs: [],
  load: async () => ({
    id: 'sizes',
    title: 'Sizes',
    run: async (options) => {
      options.progress('measuring');
      return { id: 'sizes', tables: [{ title: 'Bytes', head: ['what', 'KB'], rows: [['ours', 29.6], ['theirs', null]], notes: ['a note'] }], data: { size: options.size, runs: options.runs ?? null } };
    },
  }),
};
const broken: RegisteredSection = {
  id: 'broken',
  needs: ['postgres'],
  load: async () => ({
    id: 'broken',
    title: 'Broken',
    run: async (options) => {
      throw new Error(`cannot reach ${options.postgresUrl}`);
    },
  }),
};

function context(sections: RegisteredSection[]) {
  const workDir = mkdtempSync(join(tmpdir(), 'bench-command-'));
  dirs.push(workDir);
  const out: string[] = [];
  const err: string[] = [];
  const askedPostgres: number[] = [];
  const ctx: BenchCommandContext = {
    sections,
    repoRoot: REPO_ROOT,
    workDir,
    cwd: workDir,
    findPostgres: async () => {
      askedPostgres.push(1);
      return 'postgresql://bench@127.0.0.1:1/postgres';
    },
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
  };
  return { ctx, workDir, stdout: () => out.join(''), stderr: () => err.join(''), askedPostgres };
}

describe('npm run bench', () => {
  it('prints the header and tables on stdout, progress on stderr, and writes the JSON', async () => {
    const run = context([sizes, broken]);
    const code = await runBenchCommand(['--only', 'sizes', '--size', 'large', '--runs', '3'], run.ctx);
    expect(code).toBe(0);
    const out = run.stdout();
    expect(out).toMatch(/^Cassette benchmarks, /);
    expect(out).toMatch(/machine: +\d+ × .+, [\d.]+ GiB memory/);
    expect(out).toMatch(/node: +v\d+/);
    expect(out).toContain('run:      size large, 3 runs, sections sizes');
    expect(out).not.toContain('chromium:');
    expect(out).toContain('== Sizes (sizes, ');
    expect(out).toContain('ours   | 29.6');
    expect(out).toContain('theirs |    –');
    expect(out).toMatch(/total: [\d.]+ s\n/);
    expect(run.stderr()).toContain('[bench] measuring');
    expect(out).not.toContain('measuring');
    // Nobody needed PostgreSQL, so nobody looked for it.
    expect(run.askedPostgres).toEqual([]);
    const [file] = readdirSync(run.workDir).filter((f) => /^bench-.*\.json$/.test(f));
    const report = JSON.parse(readFileSync(join(run.workDir, file!), 'utf8'));
    expect(report.options).toEqual({ only: ['sizes'], size: 'large', runs: 3 });
    expect(report.sections[0]).toMatchObject({ id: 'sizes', ok: true, result: { data: { size: 'large', runs: 3 } } });
    expect(report.machine.node).toBe(process.version);
  });

  it('runs the other sections after one fails, then exits with 1', async () => {
    const run = context([broken, sizes]);
    const code = await runBenchCommand(['--json', 'out/results.json'], run.ctx);
    expect(code).toBe(1);
    expect(run.askedPostgres).toEqual([1]);
    expect(run.stdout()).toContain('FAILED: Error: cannot reach postgresql://bench@127.0.0.1:1/postgres');
    expect(run.stdout()).toContain('== Sizes (sizes, ');
    expect(run.stdout()).toContain('failed: broken');
    expect(run.stderr()).toContain('[bench] section broken failed:');
    const report = JSON.parse(readFileSync(join(run.workDir, 'out', 'results.json'), 'utf8'));
    expect(report.sections.map((s: { id: string; ok: boolean }) => [s.id, s.ok])).toEqual([
      ['broken', false],
      ['sizes', true],
    ]);
  });

  it('exits with 2 on a bad flag, and 0 with --help, without running anything', async () => {
    const run = context([sizes]);
    expect(await runBenchCommand(['--size', 'xl'], run.ctx)).toBe(2);
    expect(run.stderr()).toContain('--size must be default or large, not "xl"');
    expect(await runBenchCommand(['--help'], run.ctx)).toBe(0);
    expect(run.stdout()).toContain('usage: npm run bench');
    expect(readdirSync(run.workDir)).toEqual([]);
  });
});
