// Test kit of the ingest plugin for other plugins' tests (`@cassette/plugin-ingest/testing`):
// what ingest hands processors, a stand-in that plays ingest's part in a test kernel, and a
// client that records sessions through the real tracker endpoints.
export { decodedBatch, ingestSession, sessionIdAt } from './session-fixtures.js';
export { ingestStandIn, processorContext, type IngestStandInOptions } from './ingest-stand-in.js';
export { eventually, firstBatchOfNewSession, recordThroughTracker, trackerStartBody } from './tracker-client.js';
export { ordinaryVisitBatch, startBody } from './tracker-bodies.js';
export { default as ingestPlugin } from '../server.js';
