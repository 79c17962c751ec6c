import { Type } from '@sinclair/typebox';
import { defineJob } from '@cassette/plugin-sdk/server';

/** Runs one queued run in a browser of this process's pool. */
export const runTestJob = defineJob({
  name: 'synthetic.runTest',
  schema: Type.Object({ runId: Type.Integer({ minimum: 1 }) }),
});

/** Starts the runs of due schedulers (every minute). */
export const schedulerTickJob = defineJob({
  name: 'synthetic.schedulerTick',
  schema: Type.Object({}),
});
