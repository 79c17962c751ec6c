import { Type, type Static } from '@sinclair/typebox';
import { defineSettings } from '@cassette/plugin-sdk/server';

/** `plugins.stackdriver.settings` in config/cassette.json: where Cloud Logging is reached, and how long to wait. */
export const stackdriverSettings = defineSettings(
  'stackdriver',
  Type.Object({
    apiUrl: Type.String({
      pattern: '^https?://[^\\s]+$',
      default: 'https://logging.googleapis.com',
      description: "the Cloud Logging API's base URL (the token URL is the service account key's token_uri)",
    }),
    timeoutMs: Type.Integer({ minimum: 100, maximum: 120_000, default: 15_000, description: 'time for one call to Google' }),
  }),
);

export type StackdriverSettings = Readonly<Static<typeof stackdriverSettings.schema>>;
