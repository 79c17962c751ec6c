import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Type } from '@sinclair/typebox';
import { afterAll, describe, expect, it } from 'vitest';
import { defineJob } from '@cassette/plugin-sdk/server';
import { createCapturingLogger } from '../capturing-logger.js';
import { BULLMQ_QUEUE_NAME, BullMqJobs } from './bullmq-jobs.js';
import { jobsContract } from './jobs.contract.js';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// A fresh prefix per runtime keeps tests from seeing each other's jobs; all share
// this run's root so cleanup can find them.
const runPrefix = `cassette-test-${randomUUID()}`;
const prefixes: string[] = [];

function make(log = createCapturingLogger()): BullMqJobs {
  const prefix = `${runPrefix}-${prefixes.length}`;
  prefixes.push(prefix);
  return new BullMqJobs(redisUrl, log, { prefix });
}

jobsContract('BullMqJobs', () => make());

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const Payload = Type.Object({ n: Type.Number() });

describe('BullMqJobs', () => {
  it('keeps each kind to its own concurrency inside the shared worker', async () => {
    const jobs = make();
    const a = defineJob({ name: 'test.kindA', schema: Payload });
    const b = defineJob({ name: 'test.kindB', schema: Payload });
    let activeA = 0;
    let maxA = 0;
    let doneA = 0;
    jobs.define(a, async () => {
      activeA++;
      maxA = Math.max(maxA, activeA);
      await sleep(20);
      activeA--;
      doneA++;
    });
    jobs.define(b, async () => {});
    try {
      await jobs.start();
      for (let n = 0; n < 4; n++) await jobs.enqueue(a, { n });
      while (doneA < 4) await sleep(5);
      expect(maxA).toBe(1);
    } finally {
      await jobs.stop();
    }
  });

  it('logs a job that failed for good at error level', async () => {
    const log = createCapturingLogger();
    const jobs = make(log);
    const doomed = defineJob({ name: 'test.doomed', schema: Payload, attempts: 2, backoffMs: 5 });
    let calls = 0;
    jobs.define(doomed, async () => {
      calls++;
      throw new Error('boom');
    });
    try {
      await jobs.start();
      const id = await jobs.enqueue(doomed, { n: 1 }, { jobId: 'doomed:1' });
      const deadline = Date.now() + 5000;
      while (!log.lines.some((l) => l.level === 'error') && Date.now() < deadline) await sleep(5);
      expect(calls).toBe(2);
      expect(log.lines.filter((l) => l.level === 'error')).toEqual([
        expect.objectContaining({ msg: 'job failed for good', obj: expect.objectContaining({ jobId: id, attempt: 2 }) }),
      ]);
      expect(log.lines.filter((l) => l.level === 'warn')).toHaveLength(1);
    } finally {
      await jobs.stop();
    }
  });
});

afterAll(async () => {
  const connection = new Redis(redisUrl);
  try {
    for (const prefix of prefixes) {
      const queue = new Queue(BULLMQ_QUEUE_NAME, { connection, prefix });
      await queue.obliterate({ force: true });
      await queue.close();
    }
    // Fail here rather than let a cleanup gap fill a shared Redis run after run.
    const left = await connection.keys(`${runPrefix}*`);
    expect(left).toEqual([]);
  } finally {
    await connection.quit();
  }
});
