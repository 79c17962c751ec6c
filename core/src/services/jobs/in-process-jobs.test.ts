import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { defineJob } from '@cassette/plugin-sdk/server';
import { createCapturingLogger } from '../capturing-logger.js';
import { InProcessJobs } from './in-process-jobs.js';
import { jobsContract } from './jobs.contract.js';

jobsContract('InProcessJobs', () => new InProcessJobs(createCapturingLogger()));

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const Payload = Type.Object({ n: Type.Number() });

describe('InProcessJobs', () => {
  it('logs a job that failed for good at error level, retries at warn', async () => {
    const log = createCapturingLogger();
    const jobs = new InProcessJobs(log);
    const doomed = defineJob({ name: 'test.doomed', schema: Payload, attempts: 2, backoffMs: 5 });
    let calls = 0;
    jobs.define(doomed, async () => {
      calls++;
      throw new Error('boom');
    });
    await jobs.start();
    const id = await jobs.enqueue(doomed, { n: 1 });
    while (calls < 2) await sleep(5);
    await jobs.stop();

    const failures = log.lines.filter((l) => l.level === 'error');
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ msg: 'job failed for good', obj: { job: 'test.doomed', jobId: id, attempt: 2 } });
    expect(log.lines.filter((l) => l.level === 'warn')).toHaveLength(1);
  });

  it('uses the full concurrency of a kind and keeps kinds independent', async () => {
    const jobs = new InProcessJobs(createCapturingLogger());
    const wide = defineJob({ name: 'test.wide', schema: Payload, concurrency: 3 });
    const narrow = defineJob({ name: 'test.narrow', schema: Payload });
    let active = 0;
    let maxActive = 0;
    let narrowRan = false;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    jobs.define(wide, async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      await gate;
      active--;
    });
    jobs.define(narrow, async () => void (narrowRan = true));
    await jobs.start();
    for (let n = 0; n < 5; n++) await jobs.enqueue(wide, { n });
    await jobs.enqueue(narrow, { n: 0 });
    while (!narrowRan) await sleep(5);

    expect(maxActive).toBe(3);
    release();
    await jobs.stop();
  });

  it('fires a schedule at start, then every interval', async () => {
    const jobs = new InProcessJobs(createCapturingLogger());
    const tick = defineJob({ name: 'test.tick', schema: Payload });
    let runs = 0;
    jobs.define(tick, async () => void runs++);
    await jobs.schedule('daily', tick, { n: 1 }, 60_000);
    await sleep(20);
    expect(runs).toBe(0);
    await jobs.start();
    while (runs < 1) await sleep(5);
    await jobs.stop();
    expect(runs).toBe(1);
  });

  it('refuses late or duplicate definitions and a non-positive interval', async () => {
    const jobs = new InProcessJobs(createCapturingLogger());
    const a = defineJob({ name: 'test.a', schema: Payload });
    jobs.define(a, async () => {});
    expect(() => jobs.define(a, async () => {})).toThrow(/already defined/);
    await expect(jobs.schedule('s', a, { n: 1 }, 0)).rejects.toThrow(/positive/);
    await jobs.start();
    expect(() => jobs.define(defineJob({ name: 'test.b', schema: Payload }), async () => {})).toThrow(/after the jobs runtime started/);
    await jobs.stop();
    await expect(jobs.enqueue(a, { n: 1 })).rejects.toThrow(/stopped/);
  });

  it('reports jobs dropped at stop, since nothing is persisted', async () => {
    const log = createCapturingLogger();
    const jobs = new InProcessJobs(log);
    const later = defineJob({ name: 'test.later', schema: Payload });
    jobs.define(later, async () => {});
    await jobs.start();
    await jobs.enqueue(later, { n: 1 }, { delayMs: 60_000 });
    await jobs.stop();
    expect(log.lines).toContainEqual(expect.objectContaining({ level: 'warn', obj: { dropped: 1 } }));
  });

  it('hands the handler a serialised copy of the payload, like the Redis backend', async () => {
    const jobs = new InProcessJobs(createCapturingLogger());
    const job = defineJob({ name: 'test.copy', schema: Type.Object({ tags: Type.Array(Type.String()) }) });
    const seen: string[][] = [];
    jobs.define(job, async (payload) => void seen.push(payload.tags));
    await jobs.start();
    const tags = ['a'];
    await jobs.enqueue(job, { tags });
    tags.push('mutated');
    while (seen.length < 1) await sleep(5);
    await jobs.stop();
    expect(seen).toEqual([['a']]);
  });
});
