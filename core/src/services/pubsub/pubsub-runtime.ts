import type { PubSubService } from '@cassette/plugin-sdk/server';

/** The kernel's handle on a pub/sub backend: plugins see PubSubService, the kernel also closes it. */
export interface PubSubRuntime extends PubSubService {
  close(): Promise<void>;
}

export type MessageHandler = (message: unknown) => void;

/**
 * Messages cross processes as JSON on Redis; both backends encode at publish so a
 * message that would not survive the trip fails in the embedded setup too.
 */
export function encodeMessage(channel: string, message: unknown): string {
  const json = message === undefined ? undefined : JSON.stringify(message);
  if (json === undefined) throw new Error(`Cannot publish on "${channel}": the message is not JSON-serialisable`);
  return json;
}
