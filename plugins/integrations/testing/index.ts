// Test kit of the integrations plugin: the owner itself, for the boot tests of the plugins that
// contribute a log source or a ticket provider.
export { default as integrationsPlugin } from '../server.js';
