/**
 * The session metadata key that marks a recorded session as a synthetic test run's: the
 * synthetic plugin's runner sets it (to the run id) in the tracker it injects, and the errors
 * plugin marks the session's occurrences from it. Here, so the two plugins cannot drift apart.
 */
export const SYNTHETIC_RUN_METADATA_KEY = 'synthetic';
