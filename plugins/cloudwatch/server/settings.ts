import { Type, type Static } from '@sinclair/typebox';
import { defineSettings } from '@cassette/plugin-sdk/server';

/** `plugins.cloudwatch.settings` in config/cassette.json: where CloudWatch Logs is reached, and how long to wait. */
export const cloudwatchSettings = defineSettings(
  'cloudwatch',
  Type.Object({
    endpoint: Type.String({
      pattern: '^https?://[^\\s]+$',
      default: 'https://logs.{region}.amazonaws.com',
      description: 'the CloudWatch Logs endpoint, {region} replaced by the project\'s region (a VPC endpoint, or a local stand-in in tests)',
    }),
    timeoutMs: Type.Integer({ minimum: 100, maximum: 120_000, default: 15_000, description: 'time for one call to CloudWatch Logs' }),
  }),
);

export type CloudWatchSettings = Readonly<Static<typeof cloudwatchSettings.schema>>;
