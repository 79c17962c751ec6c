// Test kit of the sessions plugin for other plugins' tests (`@cassette/plugin-sessions/testing`):
// a test kernel running the real sessions plugin (ingest played by its test kit) beside the
// plugin under test, and a small project of known sessions written through the real processors.
export { createSessionsTestKernel, decodedBatch, ingestSession, type SessionsTestKernel } from './ingest-stand-in.js';
export { seedSearchSessions, SEEDS, SESSION_NAMES, startOf, T0, type SeededProject, type SessionName } from './search-fixture.js';
export { default as sessionsPlugin } from '../server.js';
