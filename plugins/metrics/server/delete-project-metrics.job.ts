import { Type } from '@sinclair/typebox';
import { defineJob } from '@cassette/plugin-sdk/server';

/** Deletes a deleted project's metrics and dashboards in the background (with the job queue's retries), not in the request that deleted it. */
export const deleteProjectMetricsJob = defineJob({
  name: 'metrics.deleteProject',
  schema: Type.Object({ projectId: Type.Integer() }),
});
