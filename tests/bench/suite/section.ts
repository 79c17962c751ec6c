/**
 * One part of `npm run bench` (tests/bench/run-benchmarks.ts): each measures one claim, prints
 * figures and never passes or fails on time. Sections run one after another, so none disturbs
 * another's timings.
 */

/** How big a run is: `default` must keep the whole `npm run bench` within 10 minutes on 2 cores. */
export type BenchSize = 'default' | 'large';

export interface SectionOptions {
  size: BenchSize;
  /** Repetitions asked for on the command line (each section has its own default per size). */
  runs?: number;
  /** PostgreSQL maintenance URL when it answers (sections that compare databases use it), else null. */
  postgresUrl: string | null;
  /** Where a section may keep files between runs (`.tmp/bench`). */
  workDir: string;
  /** Progress for the user (one line each), never figures. */
  progress(line: string): void;
}

/** A table as printed: numbers are right-aligned, `null` prints as "–" (not measured / not applicable). */
export interface BenchTable {
  title: string;
  head: string[];
  rows: (string | number | null)[][];
  /** Lines under the table: what was measured, how, and caveats. */
  notes?: string[];
}

export interface SectionResult {
  /** Stable id used in the JSON and by `--only` (`weight`, `browser`, `ingest`, `flood`, `search`, `funnels`, `replay`, `sourcemaps`). */
  id: string;
  tables: BenchTable[];
  /** Everything measured, raw samples included, for the JSON file. */
  data: unknown;
}

export interface BenchSection {
  id: string;
  title: string;
  run(options: SectionOptions): Promise<SectionResult>;
}
