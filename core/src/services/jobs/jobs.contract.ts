import { Type, type Static } from '@sinclair/typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { defineJob, type JobContext } from '@cassette/plugin-sdk/server';
import type { JobsRuntime } from './jobs-runtime.js';
import { sleep, waitFor } from '../contract-support/wait-for.js';


const Payload = Type.Object({ n: Type.Number(), s: Type.Optional(Type.String()) });
type Payload = Static<typeof Payload>;

interface Run {
  payload: Payload;
  ctx: JobContext;
}

/**
 * The behaviour every jobs backend owes its callers; run against each backend so the
 * embedded and Redis deployments cannot drift apart. Times are tens of ms and the
 * assertions are about order and counts, so the suite holds on a loaded CI machine.
 */
export function jobsContract(name: string, make: () => Promise<JobsRuntime> | JobsRuntime): void {
  describe(`JobsRuntime contract: ${name}`, () => {
    const made: JobsRuntime[] = [];
    const runtime = async (): Promise<JobsRuntime> => {
      const rt = await make();
      made.push(rt);
      return rt;
    };

    afterEach(async () => {
      await Promise.all(made.splice(0).map((rt) => rt.stop()));
    });

    it('runs a job with its payload', async () => {
      const rt = await runtime();
      const echo = defineJob({ name: 'test.echo', schema: Payload });
      const runs: Run[] = [];
      rt.define(echo, async (payload, ctx) => void runs.push({ payload, ctx }));
      await rt.start();

      const id = await rt.enqueue(echo, { n: 1, s: 'hello' });

      await waitFor('the job to run', () => runs.length === 1);
      expect(runs[0]?.payload).toEqual({ n: 1, s: 'hello' });
      expect(runs[0]?.ctx.attempt).toBe(1);
      expect(runs[0]?.ctx.jobId).toBe(id);
    });

    it('runs jobs enqueued before start once started', async () => {
      const rt = await runtime();
      const echo = defineJob({ name: 'test.early', schema: Payload });
      const runs: number[] = [];
      rt.define(echo, async (payload) => void runs.push(payload.n));

      await rt.enqueue(echo, { n: 7 });
      await sleep(30);
      expect(runs).toEqual([]);
      await rt.start();

      await waitFor('the early job to run', () => runs.length === 1);
      expect(runs).toEqual([7]);
    });

    it('refuses a bad payload and an undefined job at enqueue', async () => {
      const rt = await runtime();
      const echo = defineJob({ name: 'test.strict', schema: Payload });
      const other = defineJob({ name: 'test.undefinedJob', schema: Payload });
      let calls = 0;
      rt.define(echo, async () => void calls++);
      await rt.start();

      const bad = { n: 'one' } as unknown as Payload;
      await expect(rt.enqueue(echo, bad)).rejects.toThrow(/Invalid payload for job "test\.strict".*\/n/);
      await expect(rt.schedule('bad', echo, bad, 50)).rejects.toThrow(/Invalid payload/);
      await expect(rt.enqueue(other, { n: 1 })).rejects.toThrow(/"test\.undefinedJob" is not defined/);

      // A good job afterwards runs, and it is the only one that ever ran.
      await rt.enqueue(echo, { n: 1 });
      await waitFor('the good job', () => calls === 1);
      await sleep(30);
      expect(calls).toBe(1);
    });

    it('honours delayMs: a delayed job runs later, not before', async () => {
      const rt = await runtime();
      const echo = defineJob({ name: 'test.delayed', schema: Payload });
      const order: string[] = [];
      const ranAt = new Map<string, number>();
      rt.define(echo, async (payload) => {
        order.push(payload.s ?? '');
        ranAt.set(payload.s ?? '', Date.now());
      });
      await rt.start();

      const enqueuedAt = Date.now();
      await rt.enqueue(echo, { n: 1, s: 'later' }, { delayMs: 200 });
      await rt.enqueue(echo, { n: 2, s: 'now' });

      await waitFor('the immediate job', () => order.includes('now'));
      expect(order).toEqual(['now']);
      await waitFor('the delayed job', () => order.length === 2);
      expect(order).toEqual(['now', 'later']);
      // Timers never fire early; the slack covers clock rounding only.
      expect((ranAt.get('later') ?? 0) - enqueuedAt).toBeGreaterThanOrEqual(190);
    });

    it('retries a failing job until it succeeds, counting attempts from 1', async () => {
      const rt = await runtime();
      const flaky = defineJob({ name: 'test.flaky', schema: Payload, attempts: 4, backoffMs: 10 });
      const attempts: number[] = [];
      let succeeded = false;
      rt.define(flaky, async (_payload, ctx) => {
        attempts.push(ctx.attempt);
        if (ctx.attempt < 3) throw new Error(`flaky failure ${ctx.attempt}`);
        succeeded = true;
      });
      await rt.start();

      await rt.enqueue(flaky, { n: 1 });

      await waitFor('the job to succeed', () => succeeded);
      await sleep(60);
      expect(attempts).toEqual([1, 2, 3]);
    });

    it('gives up on a job that always fails after `attempts`', async () => {
      const rt = await runtime();
      const doomed = defineJob({ name: 'test.doomed', schema: Payload, attempts: 2, backoffMs: 10 });
      const attempts: number[] = [];
      rt.define(doomed, async (_payload, ctx) => {
        attempts.push(ctx.attempt);
        throw new Error('always fails');
      });
      await rt.start();

      await rt.enqueue(doomed, { n: 1 });

      await waitFor('both attempts', () => attempts.length === 2);
      // Long enough for several more backoffs, had the job not been given up.
      await sleep(150);
      expect(attempts).toEqual([1, 2]);
    });

    it('runs a job id enqueued twice while pending once', async () => {
      const rt = await runtime();
      const echo = defineJob({ name: 'test.dedupe', schema: Payload });
      const runs: Run[] = [];
      rt.define(echo, async (payload, ctx) => void runs.push({ payload, ctx }));
      await rt.start();

      // Colons and digits, as callers naturally build ids from entity keys.
      const jobId = 'project:7:reindex';
      const first = await rt.enqueue(echo, { n: 1 }, { jobId, delayMs: 80 });
      const second = await rt.enqueue(echo, { n: 2 }, { jobId, delayMs: 80 });

      expect(first).toBe(jobId);
      expect(second).toBe(jobId);
      await waitFor('the job to run', () => runs.length >= 1);
      await sleep(120);
      expect(runs.map((r) => r.payload.n)).toEqual([1]);
      expect(runs[0]?.ctx.jobId).toBe(jobId);

      // Once finished, the id is free again.
      await rt.enqueue(echo, { n: 3 }, { jobId: '42' });
      await waitFor('the numeric-id job to run', () => runs.length === 2);
      expect(runs[1]?.ctx.jobId).toBe('42');
    });

    it('runs a schedule repeatedly, idempotently, and unschedule stops it', async () => {
      const rt = await runtime();
      const tick = defineJob({ name: 'test.tick', schema: Payload });
      const runs: number[] = [];
      rt.define(tick, async (payload) => void runs.push(payload.n));
      await rt.start();

      await rt.schedule('ticker:1', tick, { n: 1 }, 40);
      await rt.schedule('ticker:1', tick, { n: 1 }, 40);
      await waitFor('three runs', () => runs.length >= 3);

      await rt.schedule('ticker:1', tick, { n: 2 }, 40);
      await waitFor('a run with the new payload', () => runs.includes(2));

      // One unschedule is enough: scheduling the same id again did not add a second schedule.
      await rt.unschedule('ticker:1');
      await sleep(100);
      const settled = runs.length;
      await sleep(200);
      expect(runs.length).toBe(settled);
      await rt.unschedule('never-scheduled');
    });

    it('runs at most `concurrency` jobs of a kind at once', async () => {
      const rt = await runtime();
      const par = defineJob({ name: 'test.parallel', schema: Payload, concurrency: 2 });
      let active = 0;
      let maxActive = 0;
      let done = 0;
      rt.define(par, async () => {
        active++;
        maxActive = Math.max(maxActive, active);
        await sleep(30);
        active--;
        done++;
      });
      await rt.start();

      for (let n = 0; n < 6; n++) await rt.enqueue(par, { n });

      await waitFor('all six jobs', () => done === 6);
      expect(maxActive).toBeGreaterThanOrEqual(1);
      expect(maxActive).toBeLessThanOrEqual(2);
    });

    it('stop() waits for an in-flight handler', async () => {
      const rt = await runtime();
      const slow = defineJob({ name: 'test.slow', schema: Payload });
      let started = false;
      let finished = false;
      rt.define(slow, async () => {
        started = true;
        await sleep(150);
        finished = true;
      });
      await rt.start();

      await rt.enqueue(slow, { n: 1 });
      await waitFor('the handler to start', () => started);
      await rt.stop();

      expect(finished).toBe(true);
    });

    it('answers ping only while running, and reports its depth by state', async () => {
      const rt = await runtime();
      const gated = defineJob({ name: 'test.gated', schema: Payload, concurrency: 1 });
      let open: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (open = resolve));
      let done = 0;
      rt.define(gated, async () => {
        await gate;
        done++;
      });
      await expect(rt.ping()).rejects.toThrow(/not started/);
      await rt.start();
      await rt.ping();

      await rt.enqueue(gated, { n: 1 });
      await rt.enqueue(gated, { n: 2 });
      await rt.enqueue(gated, { n: 3 }, { delayMs: 60_000 });
      const depthIs = (active: number, waiting: number, delayed: number) => async () => {
        const depth = await rt.depth();
        return depth.active === active && depth.waiting === waiting && depth.delayed === delayed;
      };
      await waitFor('one running, one waiting, one delayed', depthIs(1, 1, 1));
      open();
      await waitFor('the two due jobs to finish', () => done === 2);
      await waitFor('only the delayed job left', depthIs(0, 0, 1));
      await rt.stop();
      await expect(rt.ping()).rejects.toThrow(/stopped/);
    });
  });
}
