// Test kit of the synthetic plugin.
export { createSyntheticTestKernel } from './synthetic-test-kernel.js';
export type { SyntheticTestKernel } from './synthetic-test-kernel.js';
export { startTestSite } from './test-site.js';
export type { TestSite } from './test-site.js';
