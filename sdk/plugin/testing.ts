// Test kernel: boots plugins on an in-memory PGlite, in-process jobs and captured mail.
export { createTestKernel } from '@cassette/core/testing';
export type { TestKernel, TestKernelOptions, TestUser } from '@cassette/core/testing';
// Authorization rows each plugin owns for its routes (collected by tests/authz).
export { AUTHZ, defineAuthzRows } from './testing/authz.js';
export type { AuthzCell, AuthzRow, AuthzRows, AuthzWorld, KeyStatuses, Statuses } from './testing/authz.js';
// A local stand-in for a tool's HTTP API (integration tests).
export { startHttpStandIn } from './testing/http-stand-in.js';
export type { HttpStandIn, StandInReply, StandInRequest } from './testing/http-stand-in.js';
// The owner of an extension point, stood in for a contribution's boot test.
export { extensionPointOwnerStandIn } from './testing/extension-point-owner.js';
export type { ExtensionPointOwnerStandIn } from './testing/extension-point-owner.js';
