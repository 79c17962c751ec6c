import { Type } from '@sinclair/typebox';
import { defineJob } from '@cassette/plugin-sdk/server';

/** How often the scheduler looks for alerts whose period ended: the shortest period is 15 minutes, so a minute late at most. */
export const EVALUATE_EVERY_MS = 60_000;

export const evaluateAlertsJob = defineJob({
  name: 'alerts.evaluate',
  schema: Type.Object({}),
  attempts: 1,
});
