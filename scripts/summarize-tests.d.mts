// Types of summarize-tests.mjs, for its test.
export interface SlowFile {
  file: string;
  seconds: number;
  /** The report it comes from (`vitest`, `playwright`, `on-postgres-redis`, ...). */
  run: string;
}

export function summarize(dir: string): { passed: number; failed: number; skipped: number };
export function slowestFiles(dir: string, count?: number): SlowFile[];
export function formatSlowest(files: SlowFile[]): string;
