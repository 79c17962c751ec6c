// Test kernel: boots plugins on an in-memory PGlite, in-process jobs and captured mail.
export { createTestKernel } from '@cassette/core/testing';
export type { TestKernel, TestKernelOptions, TestUser } from '@cassette/core/testing';
// Authorization rows each plugin owns for its routes (collected by tests/authz).
export { AUTHZ, defineAuthzRows } from './testing/authz.js';
export type { AuthzCell, AuthzRow, AuthzRows, AuthzWorld, KeyStatuses, Statuses } from './testing/authz.js';
