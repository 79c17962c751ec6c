// Test kit of the ingest plugin for other plugins' tests (`@cassette/plugin-ingest/testing`):
// what ingest hands processors, and a stand-in that plays ingest's part in a test kernel.
export { decodedBatch, ingestSession, sessionIdAt } from './session-fixtures.js';
export { ingestStandIn, processorContext, type IngestStandInOptions } from './ingest-stand-in.js';
