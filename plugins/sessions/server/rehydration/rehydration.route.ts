import { Type } from '@sinclair/typebox';
import { HttpError, notFound } from '@cassette/plugin-sdk/server';
import { REHYDRATION_USER_ID_MAX, rehydrationProblems, type Rehydration } from '../../shared/rehydration.js';
import { route } from '../deps.js';
import { rehydrateJob } from './rehydrate.job.js';
import { countScope, findRehydration, insertRehydration, listRehydrations, REHYDRATIONS_LISTED } from './rehydration-store.js';

export const REHYDRATION_NOT_FOUND = 'Rehydration not found: it may belong to a deleted project. Reload the list.';

const READ = { auth: 'user', project: true, permission: 'SESSION_REPLAY' } as const;
// Re-processing many sessions costs the server: admins start it.
const WRITE = { auth: 'admin', project: true } as const;
const EPOCH_MS = Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 });

export const listRehydrationsRoute = route({
  method: 'GET',
  url: '/rehydrations',
  access: READ,
  summary: `The project's rehydration jobs, newest first (at most ${REHYDRATIONS_LISTED}), with state and progress`,
  schema: {},
  handler: async ({ sql, projectId }): Promise<Rehydration[]> => listRehydrations(sql, projectId),
});

export const getRehydrationRoute = route({
  method: 'GET',
  url: '/rehydrations/:rehydrationId',
  access: READ,
  summary: 'One rehydration job: state, sessions count and progress',
  schema: { params: Type.Object({ rehydrationId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }) },
  handler: async ({ sql, projectId, params }): Promise<Rehydration> => {
    const job = await findRehydration(sql, projectId, params.rehydrationId);
    if (!job) throw notFound(REHYDRATION_NOT_FOUND);
    return job;
  },
});

export const createRehydrationRoute = route({
  method: 'POST',
  url: '/rehydrations',
  access: WRITE,
  summary: 'Re-process the ended sessions that started in a time range (optionally of one user) with the current issue detection and watchdog rules',
  schema: {
    body: Type.Object(
      {
        // Longer than allowed, so an over-long name gets the rule's message.
        name: Type.Optional(Type.String({ maxLength: 1000 })),
        startTs: Type.Optional(EPOCH_MS),
        endTs: Type.Optional(EPOCH_MS),
        userId: Type.Optional(Type.String({ maxLength: REHYDRATION_USER_ID_MAX })),
      },
      { additionalProperties: false },
    ),
  },
  handler: async ({ sql, projectId, caller, body, deps }): Promise<Rehydration> => {
    const problems = rehydrationProblems(body);
    if (problems.length > 0) throw new HttpError(400, problems[0]!, problems);
    const userId = body.userId?.trim() ? body.userId.trim() : null;
    const scope = { projectId, startAt: new Date(body.startTs!), endAt: new Date(body.endTs!), userId };
    const job = await insertRehydration(sql, scope, body.name!.trim(), caller.userId, await countScope(sql, scope));
    await deps.jobs.enqueue(rehydrateJob, { rehydrationId: job.rehydrationId }, { jobId: `sessions-rehydrate-${job.rehydrationId}` });
    return job;
  },
});
