import { performance } from 'node:perf_hooks';
import type { BenchSection, SectionOptions, SectionResult } from './section.js';

export interface SectionToRun {
  id: string;
  load(): Promise<BenchSection>;
}

export type SectionOutcome =
  | { id: string; title: string; ok: true; elapsedMs: number; result: SectionResult }
  | { id: string; title: string; ok: false; elapsedMs: number; error: string };

export interface RunHooks {
  started?(id: string): void;
  finished?(outcome: SectionOutcome): void;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

/**
 * Runs the sections one after another, never two at once, so none disturbs another's timings.
 * A section that fails to load or to run is recorded with its error and the next one still runs.
 */
export async function runSections(sections: readonly SectionToRun[], options: SectionOptions, hooks: RunHooks = {}): Promise<SectionOutcome[]> {
  const outcomes: SectionOutcome[] = [];
  for (const entry of sections) {
    hooks.started?.(entry.id);
    const started = performance.now();
    let title = entry.id;
    let outcome: SectionOutcome;
    try {
      const section = await entry.load();
      title = section.title;
      const result = await section.run(options);
      if (result.id !== entry.id) throw new Error(`section "${entry.id}" returned results under the id "${result.id}"`);
      outcome = { id: entry.id, title, ok: true, elapsedMs: performance.now() - started, result };
    } catch (error) {
      outcome = { id: entry.id, title, ok: false, elapsedMs: performance.now() - started, error: describe(error) };
    }
    outcomes.push(outcome);
    hooks.finished?.(outcome);
  }
  return outcomes;
}
