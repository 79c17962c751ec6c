import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCapturingLogger } from '../capturing-logger.js';
import { pubSubContract } from './pubsub.contract.js';
import { RedisPubSub } from './redis-pubsub.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

// Channels hold no keys, so a fresh prefix per instance is all the isolation and
// cleanup a shared Redis needs.
pubSubContract('RedisPubSub', () => new RedisPubSub(redisUrl, createCapturingLogger(), { prefix: `cassette-test-${randomUUID()}` }));

describe('RedisPubSub', () => {
  it('reaches a subscriber on another connection with the same prefix only', async () => {
    const prefix = `cassette-test-${randomUUID()}`;
    const sender = new RedisPubSub(redisUrl, createCapturingLogger(), { prefix });
    const receiver = new RedisPubSub(redisUrl, createCapturingLogger(), { prefix });
    const stranger = new RedisPubSub(redisUrl, createCapturingLogger(), { prefix: `${prefix}-other` });
    try {
      const got: unknown[] = [];
      const overheard: unknown[] = [];
      await receiver.subscribe('cache.bust', (m) => got.push(m));
      await stranger.subscribe('cache.bust', (m) => overheard.push(m));
      await sender.publish('cache.bust', { key: 'projects' });
      const deadline = Date.now() + 5000;
      while (got.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      await stranger.publish('cache.bust', 'own');
      while (overheard.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      expect(got).toEqual([{ key: 'projects' }]);
      expect(overheard).toEqual(['own']);
    } finally {
      await Promise.all([sender.close(), receiver.close(), stranger.close()]);
    }
  });
});
