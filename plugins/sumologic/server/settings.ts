import { Type, type Static } from '@sinclair/typebox';
import { defineSettings } from '@cassette/plugin-sdk/server';

/** `plugins.sumologic.settings` in config/cassette.json: where Sumo Logic is reached, and how long a search may take. */
export const sumologicSettings = defineSettings(
  'sumologic',
  Type.Object({
    endpoint: Type.String({
      pattern: '^(https?://[^\\s]+)?$',
      default: '',
      description: "the Sumo Logic API's base URL, {region} replaced by the project's deployment; empty for Sumo Logic's own (https://api.<deployment>.sumologic.com, https://api.sumologic.com for us1)",
    }),
    timeoutMs: Type.Integer({ minimum: 100, maximum: 120_000, default: 15_000, description: 'time for one call to Sumo Logic' }),
    pollIntervalMs: Type.Integer({ minimum: 10, maximum: 60_000, default: 1_000, description: "time between two looks at a search job's state" }),
    searchTimeoutMs: Type.Integer({ minimum: 100, maximum: 600_000, default: 60_000, description: 'time a search job may take to gather its results' }),
  }),
);

export type SumoLogicSettings = Readonly<Static<typeof sumologicSettings.schema>>;
