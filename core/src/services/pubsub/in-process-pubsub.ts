import type { Logger } from '@cassette/plugin-sdk/server';
import { encodeMessage, type MessageHandler, type PubSubRuntime } from './pubsub-runtime.js';

/** Pub/sub within one process: the embedded default, where there is no one else to tell. */
export class InProcessPubSub implements PubSubRuntime {
  private readonly channels = new Map<string, Set<MessageHandler>>();
  private closed = false;

  constructor(private readonly log: Logger) {}

  async publish(channel: string, message: unknown): Promise<void> {
    if (this.closed) throw new Error(`Cannot publish on "${channel}": pub/sub is closed`);
    const json = encodeMessage(channel, message);
    const handlers = [...(this.channels.get(channel) ?? [])];
    if (handlers.length === 0) return;
    // Delivered after publish returns, as over the network: a handler that publishes
    // in turn cannot recurse into the publisher's stack.
    queueMicrotask(() => {
      const decoded: unknown = JSON.parse(json);
      const current = this.channels.get(channel);
      for (const handler of handlers) {
        // Unsubscribed since the publish: the handler asked for nothing more.
        if (!current?.has(handler)) continue;
        try {
          handler(decoded);
        } catch (err) {
          this.log.error({ err, channel }, 'pub/sub handler failed');
        }
      }
    });
  }

  async subscribe(channel: string, handler: MessageHandler): Promise<() => Promise<void>> {
    if (this.closed) throw new Error(`Cannot subscribe to "${channel}": pub/sub is closed`);
    // Wrapped so the same function subscribed twice gets two independent subscriptions.
    const subscription: MessageHandler = (message) => handler(message);
    let handlers = this.channels.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.channels.set(channel, handlers);
    }
    handlers.add(subscription);
    return async () => {
      const current = this.channels.get(channel);
      if (!current?.delete(subscription)) return;
      if (current.size === 0) this.channels.delete(channel);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.channels.clear();
  }
}
