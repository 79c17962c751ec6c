// Test kernel: boots plugins on an in-memory PGlite, in-process jobs and captured mail.
export { createTestKernel } from '@cassette/core/testing';
export type { TestKernel, TestKernelOptions, TestUser } from '@cassette/core/testing';
