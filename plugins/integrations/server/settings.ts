import { Type } from '@sinclair/typebox';
import { defineSettings } from '@cassette/plugin-sdk/server';

/** `plugins.integrations.settings` in config/cassette.json. */
export const integrationsSettings = defineSettings(
  'integrations',
  Type.Object({
    callTimeoutSeconds: Type.Number({
      minimum: 0.1,
      maximum: 120,
      default: 15,
      description: "longest wait for each request to a tool (a check, a log search, a ticket); past it the user reads that the tool did not answer",
    }),
  }),
);
