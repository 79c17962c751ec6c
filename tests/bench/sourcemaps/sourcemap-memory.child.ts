/**
 * One step of the `sourcemaps` section in a process of its own (run with --expose-gc):
 * `upload`, `cache` or `library`, the plan as JSON in the second argument. The step's figures
 * go to stdout as one line of JSON; nothing else is written there.
 */
import { holdLibraryArrays, symbolicateWithCache, uploadMaps, type MemoryPlan } from './sourcemap-memory.js';

async function main(): Promise<void> {
  const [step, planJson] = process.argv.slice(2);
  const plan = JSON.parse(planJson ?? '{}') as MemoryPlan;
  const result = step === 'upload' ? await uploadMaps(plan) : step === 'cache' ? await symbolicateWithCache(plan) : step === 'library' ? holdLibraryArrays(plan) : null;
  if (result === null) throw new Error(`unknown step "${step}": upload, cache or library`);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
