import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

/**
 * Property tests are reproducible and bounded unless a test says otherwise: every fast-check
 * property starts from the same seed and tries at most `numRuns` inputs, so the suite takes the
 * same time and finds the same things on every run. `FAST_CHECK_SEED` and `FAST_CHECK_RUNS`
 * explore further. A test's own `seed` or `numRuns` wins.
 *
 * fast-check takes about 80 ms to load, which the hundreds of files without a property would
 * pay for nothing: it is configured only in files that import it (a helper importing it on a
 * test's behalf should set its own seed and runs, as `tests/bad-input` does).
 */
export const PROPERTY_DEFAULTS = { seed: 20_240_611, numRuns: 50 };

const testFile = expect.getState().testPath;
if (testFile && /from ['"]fast-check['"]/.test(readFileSync(testFile, 'utf8'))) {
  const fc = await import('fast-check');
  fc.configureGlobal({
    ...fc.readConfigureGlobal(),
    seed: Number(process.env.FAST_CHECK_SEED ?? PROPERTY_DEFAULTS.seed),
    numRuns: Number(process.env.FAST_CHECK_RUNS ?? PROPERTY_DEFAULTS.numRuns),
  });
}
