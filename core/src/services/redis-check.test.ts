import { describe, expect, it } from 'vitest';
import { assertRedisReachable } from './redis-check.js';

describe('assertRedisReachable', () => {
  it('fails fast, naming the address without its password', async () => {
    await expect(assertRedisReachable('redis://:hunter2@127.0.0.1:1', 2000)).rejects.toThrow(/Could not reach Redis at redis:\/\/:\*\*\*@127.0.0.1:1 .*Check REDIS_URL/);
  });
});
