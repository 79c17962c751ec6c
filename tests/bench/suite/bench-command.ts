import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseBenchOptions, usage, UsageError, type BenchOptions } from './bench-options.js';
import { describeMachine, machineLines } from './machine.js';
import { renderTable } from './render-table.js';
import { runSections, type SectionOutcome } from './run-sections.js';
import type { RegisteredSection } from './sections.js';

export interface BenchCommandContext {
  sections: readonly RegisteredSection[];
  repoRoot: string;
  /** Where sections keep files, and where the results go unless `--json` says otherwise. */
  workDir: string;
  /** What a relative `--json` is relative to: where the user typed the command. */
  cwd: string;
  /** The PostgreSQL maintenance URL when it answers, asked only when a section needs it. */
  findPostgres(progress: (line: string) => void): Promise<string | null>;
  stdout(text: string): void;
  stderr(text: string): void;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** `npm run bench`: returns the exit code (0, 1 when a section failed, 2 on bad flags). */
export async function runBenchCommand(argv: readonly string[], context: BenchCommandContext): Promise<number> {
  const { stdout, stderr } = context;
  const ids = context.sections.map((s) => s.id);
  let options: BenchOptions;
  try {
    options = parseBenchOptions(argv, ids);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    stderr(`${error.message}\n`);
    return 2;
  }
  if (options.help) {
    stdout(`${usage(ids)}\n`);
    return 0;
  }
  const progress = (line: string) => stderr(`[bench] ${line}\n`);
  const startedAt = new Date();
  const started = performance.now();
  const selected = context.sections.filter((s) => options.only.includes(s.id));
  const needs = new Set(selected.flatMap((s) => s.needs));
  const machine = describeMachine(context.repoRoot, needs.has('chromium'));
  const runs = options.runs === undefined ? "each section's default runs" : `${options.runs} runs`;
  stdout([`Cassette benchmarks, ${startedAt.toISOString()}`, ...machineLines(machine), `run:      size ${options.size}, ${runs}, sections ${options.only.join(', ')}`].join('\n') + '\n');
  mkdirSync(context.workDir, { recursive: true });
  const postgresUrl = needs.has('postgres') ? await context.findPostgres(progress) : null;

  const printOutcome = (outcome: SectionOutcome) => {
    const heading = `== ${outcome.title} (${outcome.id}, ${seconds(outcome.elapsedMs)}) ==`;
    if (!outcome.ok) {
      stdout(`\n${heading}\nFAILED: ${outcome.error.split('\n')[0]}\n`);
      stderr(`[bench] section ${outcome.id} failed:\n${outcome.error}\n`);
      return;
    }
    stdout(`\n${heading}\n`);
    for (const table of outcome.result.tables) stdout(`\n${renderTable(table)}\n`);
  };
  const outcomes = await runSections(
    selected,
    { size: options.size, runs: options.runs, postgresUrl, workDir: context.workDir, progress },
    { started: (id) => progress(`section ${id}`), finished: printOutcome },
  );

  const elapsedMs = performance.now() - started;
  const failed = outcomes.filter((o) => !o.ok).map((o) => o.id);
  stdout(`\ntotal: ${seconds(elapsedMs)}${failed.length > 0 ? `; failed: ${failed.join(', ')}` : ''}\n`);
  const file = options.json ? resolve(context.cwd, options.json) : join(context.workDir, `bench-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  mkdirSync(dirname(file), { recursive: true });
  const report = {
    startedAt: startedAt.toISOString(),
    elapsedMs: Math.round(elapsedMs),
    options: { only: options.only, size: options.size, runs: options.runs ?? null },
    machine,
    postgres: needs.has('postgres') ? postgresUrl !== null : null,
    sections: outcomes,
  };
  writeFileSync(file, JSON.stringify(report, null, 2));
  stdout(`results: ${file}\n`);
  return failed.length > 0 ? 1 : 0;
}
