export { createTestKernel } from './test-kernel.js';
export type { TestKernel, TestKernelOptions, TestUser } from './test-kernel.js';
