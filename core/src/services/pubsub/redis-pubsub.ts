import { Redis } from 'ioredis';
import type { Logger } from '@cassette/plugin-sdk/server';
import { encodeMessage, type MessageHandler, type PubSubRuntime } from './pubsub-runtime.js';

export const DEFAULT_PUBSUB_PREFIX = 'cassette';

export interface RedisPubSubOptions {
  /** Prefix of Redis channel names; installs (or test runs) sharing a Redis use different ones. */
  prefix?: string;
}

interface Channel {
  readonly handlers: Set<MessageHandler>;
  /** Settles once Redis confirmed the SUBSCRIBE; later subscribers wait on it too. */
  readonly ready: Promise<void>;
}

/** Pub/sub across processes on Redis, with JSON messages. */
export class RedisPubSub implements PubSubRuntime {
  private readonly publisher: Redis;
  // A connection in subscriber mode can issue no other command, hence a second one.
  private readonly subscriber: Redis;
  private readonly channels = new Map<string, Channel>();
  private readonly prefix: string;
  private closed = false;

  constructor(
    redisUrl: string,
    private readonly log: Logger,
    options: RedisPubSubOptions = {},
  ) {
    this.prefix = options.prefix ?? DEFAULT_PUBSUB_PREFIX;
    this.publisher = new Redis(redisUrl);
    this.subscriber = new Redis(redisUrl);
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', (err: Error) => this.log.warn({ err }, 'pub/sub Redis connection error'));
    }
    this.subscriber.on('message', (key: string, json: string) => this.deliver(key, json));
  }

  async publish(channel: string, message: unknown): Promise<void> {
    if (this.closed) throw new Error(`Cannot publish on "${channel}": pub/sub is closed`);
    await this.publisher.publish(this.key(channel), encodeMessage(channel, message));
  }

  async subscribe(channel: string, handler: MessageHandler): Promise<() => Promise<void>> {
    if (this.closed) throw new Error(`Cannot subscribe to "${channel}": pub/sub is closed`);
    const key = this.key(channel);
    const subscription: MessageHandler = (message) => handler(message);
    let entry = this.channels.get(key);
    if (!entry) {
      entry = { handlers: new Set(), ready: this.subscriber.subscribe(key).then(() => undefined) };
      this.channels.set(key, entry);
    }
    const joined = entry;
    joined.handlers.add(subscription);

    // SUBSCRIBE and UNSUBSCRIBE go out in call order on the one subscriber connection,
    // so Redis ends up subscribed exactly when the map still holds handlers.
    const leave = async (): Promise<void> => {
      if (!joined.handlers.delete(subscription)) return;
      if (joined.handlers.size > 0 || this.channels.get(key) !== joined) return;
      this.channels.delete(key);
      if (!this.closed) await this.subscriber.unsubscribe(key);
    };
    try {
      await joined.ready;
    } catch (err) {
      await leave().catch(() => undefined);
      throw err;
    }
    return leave;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.channels.clear();
    await Promise.all([quit(this.publisher), quit(this.subscriber)]);
  }

  private key(channel: string): string {
    return `${this.prefix}:pubsub:${channel}`;
  }

  private deliver(key: string, json: string): void {
    const entry = this.channels.get(key);
    if (!entry) return;
    let message: unknown;
    try {
      message = JSON.parse(json);
    } catch (err) {
      this.log.warn({ err, channel: key }, 'pub/sub message is not JSON; dropped');
      return;
    }
    for (const handler of [...entry.handlers]) {
      try {
        handler(message);
      } catch (err) {
        this.log.error({ err, channel: key }, 'pub/sub handler failed');
      }
    }
  }
}

async function quit(connection: Redis): Promise<void> {
  if (connection.status === 'end') return;
  try {
    await connection.quit();
  } catch {
    connection.disconnect();
  }
}
