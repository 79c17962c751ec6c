import { parseArgs } from 'node:util';
import { UsageError } from './command-line.js';
import type { BenchSize } from './section.js';

export interface BenchOptions {
  /** Section ids in the order they run. */
  only: string[];
  size: BenchSize;
  runs: number | undefined;
  json: string | undefined;
  help: boolean;
}

export { UsageError } from './command-line.js';

export function usage(sectionIds: readonly string[]): string {
  return `usage: npm run bench -- [--only ${sectionIds.join(',')}] [--size default|large] [--runs N] [--json FILE]
  --only   the sections to run, comma-separated (default: all, in this order)
  --size   default (the whole run within about 10 minutes on 2 cores) or large
  --runs   repetitions for the sections that repeat (each has its own default per size)
  --json   where to write the results (default .tmp/bench/bench-<timestamp>.json)
  --help   this text
Figures go to stdout, progress to stderr. Nothing passes or fails on time; the exit code is 1
only when a section could not run.`;
}

export function parseBenchOptions(argv: readonly string[], sectionIds: readonly string[]): BenchOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        only: { type: 'string' },
        size: { type: 'string' },
        runs: { type: 'string' },
        json: { type: 'string' },
        help: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${usage(sectionIds)}`);
  }
  const size = values.size ?? 'default';
  if (size !== 'default' && size !== 'large') throw new UsageError(`--size must be default or large, not "${size}"`);
  let runs: number | undefined;
  if (values.runs !== undefined) {
    runs = Number(values.runs);
    if (!Number.isSafeInteger(runs) || runs < 1 || runs > 1000) throw new UsageError(`--runs must be an integer from 1 to 1000, not "${values.runs}"`);
  }
  let only = [...sectionIds];
  if (values.only !== undefined) {
    const asked = values.only.split(',').map((id) => id.trim()).filter((id) => id !== '');
    if (asked.length === 0) throw new UsageError(`--only needs at least one section: ${sectionIds.join(', ')}`);
    const unknown = asked.filter((id) => !sectionIds.includes(id));
    if (unknown.length > 0) throw new UsageError(`no section ${unknown.map((id) => `"${id}"`).join(', ')}: choose from ${sectionIds.join(', ')}`);
    // The registry's order, so sections never disturb each other differently from run to run.
    only = sectionIds.filter((id) => asked.includes(id));
  }
  if (values.json === '') throw new UsageError('--json needs a file name');
  return { only, size, runs, json: values.json, help: values.help ?? false };
}
