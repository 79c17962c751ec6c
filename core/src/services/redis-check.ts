import { Redis } from 'ioredis';
import { redactUrl } from '../config/redact-url.js';

/**
 * ioredis retries forever by design, which at boot means a silent hang: check once, with a
 * deadline, that Redis answers before anything is built on it.
 */
export async function assertRedisReachable(url: string, timeoutMs = 5000): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: timeoutMs, enableOfflineQueue: false });
  // The 'error' event carries the cause (ECONNREFUSED, ...); the rejection only says "closed".
  let cause: Error | undefined;
  redis.on('error', (error: Error) => (cause ??= error));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`Could not reach Redis at ${redactUrl(url)} (${(cause ?? (error as Error)).message}). Check REDIS_URL, or unset it to run jobs in-process.`);
  } finally {
    redis.disconnect();
  }
}
