// Public surface of the assist plugin: types only (no other plugin uses its services yet).
export type { AgentMessage, AgentNotice } from './shared/messages.js';
