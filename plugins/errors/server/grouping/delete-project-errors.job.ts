import { Type } from '@sinclair/typebox';
import { defineJob } from '@cassette/plugin-sdk/server';

/** Deletes a deleted project's errors in the background (with retries), not in the request that deleted it. */
export const deleteProjectErrorsJob = defineJob({
  name: 'errors.deleteProject',
  schema: Type.Object({ projectId: Type.Integer() }),
});
