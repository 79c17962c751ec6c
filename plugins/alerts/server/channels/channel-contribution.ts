import type { AlertChannel } from '../../api.js';

/** Refuses at boot a channel the delivery could not use. */
export function validateChannel(channel: AlertChannel, fromPlugin: string): void {
  if (typeof channel.id !== 'string' || !/^[a-zA-Z][a-zA-Z0-9]*$/.test(channel.id)) throw new Error(`Plugin "${fromPlugin}" contributes an alert channel without a valid id`);
  if (typeof channel.deliver !== 'function') throw new Error(`Alert channel "${channel.id}" of plugin "${fromPlugin}" has no deliver()`);
  if (channel.messageType !== null && !['email', 'slack', 'webhook'].includes(channel.messageType)) throw new Error(`Alert channel "${channel.id}" of plugin "${fromPlugin}" has an unknown messageType`);
}
