import type { TSchema } from '@sinclair/typebox';
import type { JobDef, JobHandler, MetricsService } from '@cassette/plugin-sdk/server';
import { jobSettings, type JobsRuntime } from '../services/jobs/jobs-runtime.js';

/** Failed attempts by job; `final="true"` when it was the last attempt and the job is given up. */
export function countFailures<S extends TSchema>(job: JobDef<S>, handler: JobHandler<S>, metrics: MetricsService): JobHandler<S> {
  const failures = metrics.counter({ name: 'cassette_job_failures_total', help: 'Failed job attempts, by job; final="true" when the job was given up', labelNames: ['job', 'final'] });
  const { attempts } = jobSettings(job);
  return async (payload, ctx) => {
    try {
      await handler(payload, ctx);
    } catch (error) {
      failures.inc({ job: job.name, final: String(ctx.attempt >= attempts) });
      throw error;
    }
  };
}

/** Jobs waiting, delayed (a retry's backoff, a later start) and running, read from the queue at each scrape. */
export function reportQueueDepth(jobs: JobsRuntime, metrics: MetricsService): void {
  metrics.gauge({
    name: 'cassette_jobs_queued',
    help: 'Jobs in the queue by state (waiting, delayed, active); BullMQ counts every process',
    labelNames: ['state'],
    collect: async (gauge) => {
      const depth = await jobs.depth();
      for (const [state, count] of Object.entries(depth)) gauge.set(count, { state });
    },
  });
}
