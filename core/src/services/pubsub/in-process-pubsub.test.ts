import { describe, expect, it } from 'vitest';
import { createCapturingLogger } from '../capturing-logger.js';
import { InProcessPubSub } from './in-process-pubsub.js';
import { pubSubContract } from './pubsub.contract.js';

pubSubContract('InProcessPubSub', () => new InProcessPubSub(createCapturingLogger()));

describe('InProcessPubSub', () => {
  it('logs a failing handler at error level', async () => {
    const log = createCapturingLogger();
    const ps = new InProcessPubSub(log);
    await ps.subscribe('c', () => {
      throw new Error('bug');
    });
    await ps.publish('c', 1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log.lines).toEqual([expect.objectContaining({ level: 'error', msg: 'pub/sub handler failed' })]);
    await ps.close();
    await expect(ps.publish('c', 1)).rejects.toThrow(/closed/);
  });
});
