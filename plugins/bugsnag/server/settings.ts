import { Type } from '@sinclair/typebox';
import { defineSettings } from '@cassette/plugin-sdk/server';
import { BUGSNAG_API_BASE } from './bugsnag-log-source.js';

/** `plugins.bugsnag.settings` in config/cassette.json: where Bugsnag is. */
export const bugsnagSettings = defineSettings(
  'bugsnag',
  Type.Object({
    apiBase: Type.String({ pattern: '^https?://[^\\s/]+/?$', default: BUGSNAG_API_BASE, description: "the Data Access API's address: https://api.bugsnag.com, or an on-premise Bugsnag's API" }),
  }),
);
