import { Type } from '@sinclair/typebox';
import { defineSettings } from '@cassette/plugin-sdk/server';
import { DATADOG_API_BASE } from './datadog-log-source.js';

/** `plugins.datadog.settings` in config/cassette.json: which Datadog site the organization's logs live on. */
export const datadogSettings = defineSettings(
  'datadog',
  Type.Object({
    apiBase: Type.String({
      pattern: '^https?://[^\\s/]+/?$',
      default: DATADOG_API_BASE,
      description: "the API of the Datadog site: https://api.datadoghq.com (US1), https://api.us3.datadoghq.com, https://api.us5.datadoghq.com, https://api.datadoghq.eu, https://api.ap1.datadoghq.com, https://api.ddog-gov.com",
    }),
  }),
);
