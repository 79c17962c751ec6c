import { Type } from '@sinclair/typebox';
import { HttpError, notFound } from '@cassette/plugin-sdk/server';
import { RETRY_ALL_LIMIT, type ParkedStep, type ParkedStepList, type RetryAllOutcome, type RetryOutcome } from '../shared/parked.js';
import { route } from './deps.js';
import { countParkedSteps, findParkedStep, listParkedSteps, type ParkedStepRow } from './parked-steps.js';
import { retryParkedStep } from './retry-parked.js';

// Admins only, scoped to the caller's organization: parked steps name sessions of every project.
const ACCESS = { auth: 'admin' } as const;

function wire(row: ParkedStepRow, projectNames: Map<number, string>): ParkedStep {
  return {
    id: row.id,
    projectId: row.projectId,
    projectName: projectNames.get(row.projectId) ?? '',
    sessionId: row.sessionId,
    step: row.step,
    ...(row.step === 'batch' ? { seq: row.seq } : {}),
    processor: row.processor,
    error: row.error,
    attempts: row.attempts,
    parkedAt: row.parkedAt,
    ...(row.retriedAt === null ? {} : { retriedAt: row.retriedAt }),
  };
}

/** `GET /api/client/ingest/parked`: the organization's parked processing steps, oldest session first. */
export const listParkedRoute = route({
  method: 'GET',
  url: '/client/ingest/parked',
  access: ACCESS,
  summary: 'Processing steps (session start, batch, session end) parked after repeated processor failures, oldest session first',
  schema: {},
  handler: async ({ tenantId, sql, deps }): Promise<ParkedStepList> => {
    const { steps, total } = await listParkedSteps(sql, tenantId);
    const projects = await deps.runtime.deps.projects.listForTenant(tenantId);
    const names = new Map(projects.map((p) => [p.id, p.name]));
    return { steps: steps.map((s) => wire(s, names)), total };
  },
});

/** `POST /api/client/ingest/parked/:id/retry`: runs one parked step again. */
export const retryParkedRoute = route({
  method: 'POST',
  url: '/client/ingest/parked/:id/retry',
  access: ACCESS,
  summary: 'Run a parked processing step again: processed (no longer parked), failing (parked with the new error) or gone (its session was deleted)',
  schema: { params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }) },
  handler: async ({ tenantId, params, sql, log, deps }): Promise<RetryOutcome> => {
    const parked = await findParkedStep(sql, tenantId, params.id);
    if (!parked) throw notFound('This parked step is gone: it was retried or its session was deleted. Reload the list.');
    return retryParkedStep(deps.runtime, parked, log);
  },
});

/** `POST /api/client/ingest/parked/retry`: runs the organization's parked steps again, in the list's order. */
export const retryAllParkedRoute = route({
  method: 'POST',
  url: '/client/ingest/parked/retry',
  access: ACCESS,
  summary: `Run the organization's parked processing steps again, oldest session first (at most ${RETRY_ALL_LIMIT} per call)`,
  schema: {},
  handler: async ({ tenantId, sql, log, deps }): Promise<RetryAllOutcome> => {
    const { steps } = await listParkedSteps(sql, tenantId, RETRY_ALL_LIMIT);
    const outcome: RetryAllOutcome = { processed: 0, failing: 0, gone: 0, busy: 0, remaining: 0 };
    for (const step of steps) {
      try {
        outcome[(await retryParkedStep(deps.runtime, step, log)).outcome]++;
      } catch (error) {
        if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
        outcome.busy++;
      }
    }
    outcome.remaining = await countParkedSteps(sql, tenantId);
    return outcome;
  },
});
