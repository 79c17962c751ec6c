// Test kit of the Stackdriver plugin: Google's token endpoint and Cloud Logging API as a stand-in, and service account keys made for a test.
export { startGoogleStandIn } from './google-stand-in.js';
export type { GoogleStandIn, GoogleStandInAccount, GoogleStandInOptions, StandInEntry, VerifiedAssertion } from './google-stand-in.js';
export { createTestServiceAccount } from './service-account-key.js';
export type { TestServiceAccount } from './service-account-key.js';
