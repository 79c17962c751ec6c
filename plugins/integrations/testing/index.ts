// Test kit of the integrations plugin (`@cassette/plugin-integrations/testing`), for the plugins
// that contribute a log source or a ticket provider: a kernel with sessions and integrations,
// fake tools, and a local HTTP stand-in for a tool's API.
export { default as integrationsPlugin } from '../server.js';
export { contributing, contributionsOf, createIntegrationsTestKernel, type IntegrationsTestKernel } from './integrations-test-kernel.js';
export { fakeLogSource, fakeTicketProvider, type FakeLogSource, type FakeTicketProvider } from './fake-contributions.js';
export { startToolStandIn, type ToolStandIn } from './tool-stand-in.js';
export { jsonAnswer, offlineContext, type OfflineContext } from './offline-context.js';
