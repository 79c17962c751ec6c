import { Type, type Static } from '@sinclair/typebox';
import { defineSettings } from '@cassette/plugin-sdk/server';

const url = (fallback: string, description: string) => Type.String({ pattern: '^https?://[^\\s]+$', default: fallback, description });

/** `plugins.newrelic.settings` in config/cassette.json: where each data center's query API is reached, and how long to wait. */
export const newrelicSettings = defineSettings(
  'newrelic',
  Type.Object({
    usApiUrl: url('https://insights-api.newrelic.com', "the Insights query API of New Relic's US data center"),
    euApiUrl: url('https://insights-api.eu.newrelic.com', "the Insights query API of New Relic's EU data center"),
    timeoutMs: Type.Integer({ minimum: 100, maximum: 120_000, default: 15_000, description: 'time for one query' }),
  }),
);

export type NewRelicSettings = Readonly<Static<typeof newrelicSettings.schema>>;
