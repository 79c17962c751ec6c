import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROPERTY_DEFAULTS } from './fast-check.setup.js';

const seed = Number(process.env.FAST_CHECK_SEED ?? PROPERTY_DEFAULTS.seed);
const numRuns = Number(process.env.FAST_CHECK_RUNS ?? PROPERTY_DEFAULTS.numRuns);

describe('property tests in this suite', () => {
  it('run from the fixed seed with a bounded number of runs unless they say otherwise', () => {
    const details = fc.check(fc.property(fc.nat(), () => true));
    expect(details.seed).toBe(seed);
    expect(details.numRuns).toBe(numRuns);
  });

  it('keep a seed and runs a test sets itself', () => {
    const details = fc.check(fc.property(fc.nat(), () => true), { seed: 7, numRuns: 5 });
    expect(details.seed).toBe(7);
    expect(details.numRuns).toBe(5);
  });
});
